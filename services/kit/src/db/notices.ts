import pg from 'pg';
import type { Logger } from '../logger.js';

export interface NoticeListener {
  /** Settles once the first LISTEN is in place (or the first attempt failed; it keeps trying). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export interface NoticeOptions {
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Wait before trying again after the connection dropped or could not be made. */
  retryMs?: number;
  applicationName?: string;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Follows a Postgres NOTIFY channel. LISTEN holds a connection for as long as it listens, so this one
 * is its own (not one of the pool's, which a burst of requests needs). Notices sent while the
 * connection was down are lost, so after each reconnect `onNotice` is called once with `undefined`:
 * whoever listens should then assume that anything may have changed.
 */
export function listenForNotices(
  url: string,
  channel: string,
  onNotice: (payload: string | undefined) => void,
  options: NoticeOptions = {},
): NoticeListener {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const retryMs = options.retryMs ?? 1_000;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let connectedBefore = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: options.applicationName });
    client = next;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!stopped) {
        options.logger?.warn({ err: error, channel }, 'database notices: connection lost, listening again');
        scheduleRetry();
      }
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (stopped) {
        await next.end().catch(() => undefined);
        return;
      }
      if (connectedBefore) onNotice(undefined);
      connectedBefore = true;
    } catch (error) {
      drop(error as Error);
    } finally {
      markReady();
    }
  };

  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
