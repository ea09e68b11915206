-- One database and one role per service, as infra/local sets them up without Docker.
CREATE ROLE identity LOGIN PASSWORD 'identity';
CREATE DATABASE identity OWNER identity;
CREATE ROLE catalogue LOGIN PASSWORD 'catalogue';
CREATE DATABASE catalogue OWNER catalogue;
CREATE ROLE booking LOGIN PASSWORD 'booking';
CREATE DATABASE booking OWNER booking;
CREATE ROLE commerce LOGIN PASSWORD 'commerce';
CREATE DATABASE commerce OWNER commerce;
CREATE ROLE billing LOGIN PASSWORD 'billing';
CREATE DATABASE billing OWNER billing;
CREATE ROLE notification LOGIN PASSWORD 'notification';
CREATE DATABASE notification OWNER notification;
