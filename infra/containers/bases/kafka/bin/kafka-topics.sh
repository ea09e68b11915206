#!/usr/bin/env bash
# kafka-topics.sh as in the official image (compose's health check lists topics with it).
exec java -Xmx128m -Dlog4j.configuration=file:/opt/kafka/config/tools-log4j.properties \
  -cp '/opt/kafka/libs/*' org.apache.kafka.tools.TopicCommand "$@"
