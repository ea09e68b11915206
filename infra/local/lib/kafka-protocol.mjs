// A minimal Kafka wire-protocol probe. A KRaft broker accepts TCP connections
// before it serves requests, and it leaves itself out of metadata responses
// until it is registered and unfenced; so "a Metadata response listing at
// least one broker" is the readiness signal.
import net from 'node:net';

const METADATA_API_KEY = 3;
// v4 is not a "flexible" version (no tagged fields), and Kafka 1.0 to 4.x serve it.
const METADATA_API_VERSION = 4;
const CLIENT_ID = 'spa-infra-probe';

/**
 * @param {number} correlationId
 */
function metadataRequest(correlationId) {
  const clientId = Buffer.from(CLIENT_ID);
  const message = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 4 + 1);
  let offset = 0;
  offset = message.writeInt16BE(METADATA_API_KEY, offset);
  offset = message.writeInt16BE(METADATA_API_VERSION, offset);
  offset = message.writeInt32BE(correlationId, offset);
  offset = message.writeInt16BE(clientId.length, offset);
  offset += clientId.copy(message, offset);
  offset = message.writeInt32BE(0, offset); // topics: an empty array asks for none
  message.writeInt8(0, offset); // allow_auto_topic_creation: false

  const size = Buffer.alloc(4);
  size.writeInt32BE(message.length);
  return Buffer.concat([size, message]);
}

/**
 * Number of brokers in a Metadata v4 response frame, or -1 if it is not ours.
 * @param {Buffer} frame
 * @param {number} correlationId
 */
function brokerCount(frame, correlationId) {
  // frame: size, correlation_id, throttle_time_ms, brokers array length, ...
  if (frame.readInt32BE(4) !== correlationId) return -1;
  return frame.readInt32BE(12);
}

/**
 * @param {string} host
 * @param {number} port
 * @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export function kafkaAnswersMetadata(host, port, timeoutMs = 2_000) {
  const correlationId = Math.floor(Math.random() * 0x7fffffff);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    /** @param {boolean} verdict */
    const finish = (verdict) => {
      socket.destroy();
      resolve(verdict);
    };
    let received = Buffer.alloc(0);
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.on('error', () => finish(false));
    socket.on('connect', () => socket.write(metadataRequest(correlationId)));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4) return;
      if (received.length < 4 + received.readInt32BE(0)) return;
      finish(received.length >= 16 && brokerCount(received, correlationId) > 0);
    });
  });
}
