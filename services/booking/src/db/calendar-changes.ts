import { listenForNotices, type Logger, type NoticeListener } from '@spa/kit';

/** The channel migration 0006's triggers notify on whenever something the calendar shows changes. */
const CALENDAR_CHANNEL = 'calendar_changes';

/** Notices within this long of the first are told as one (a move touches several rows and tables). */
const GATHER_MS = 50;

export interface CalendarChanges {
  /**
   * `onChange` is called after each change (gathered); `ready` settles once changes are being
   * followed, and `unsubscribe` stops it.
   */
  subscribe(onChange: () => void): { ready: Promise<void>; unsubscribe(): void };
  subscribers(): number;
  stop(): Promise<void>;
}

/**
 * Every booking replica's desks learn of a change made through any replica (or by an event consumer
 * or a sweeper) from Postgres itself: one LISTEN connection per process, opened when the first desk
 * subscribes. `beforeTelling` runs first, so answers kept for the calendar are forgotten before the
 * desks ask again.
 */
export function calendarChanges(options: {
  databaseUrl: string;
  logger?: Logger;
  beforeTelling?: () => void;
  gatherMs?: number;
}): CalendarChanges {
  const listeners = new Set<() => void>();
  let listener: NoticeListener | undefined;
  let gathering: NodeJS.Timeout | undefined;

  const tell = () => {
    gathering = undefined;
    options.beforeTelling?.();
    for (const onChange of listeners) onChange();
  };
  const onNotice = () => {
    gathering ??= setTimeout(tell, options.gatherMs ?? GATHER_MS);
  };

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      listener ??= listenForNotices(options.databaseUrl, CALENDAR_CHANNEL, onNotice, {
        logger: options.logger,
        applicationName: 'booking-calendar-changes',
      });
      return { ready: listener.ready, unsubscribe: () => void listeners.delete(onChange) };
    },
    subscribers: () => listeners.size,
    async stop() {
      if (gathering) clearTimeout(gathering);
      listeners.clear();
      await listener?.stop();
      listener = undefined;
    },
  };
}
