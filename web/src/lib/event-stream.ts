/**
 * Server-sent events read through fetch rather than EventSource: EventSource cannot send the
 * Authorization header, and a token in the URL would end up in every access log on the way.
 */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits text read so far into whole events (each ends with a blank line); answers them and the
 * unfinished rest for the next chunk. Comment lines (": keep-alive") and `retry:`/`id:` are skipped.
 */
export function readEvents(buffered: string): { events: StreamEvent[]; rest: string } {
  const text = buffered.replace(/\r\n?/g, '\n');
  const events: StreamEvent[] = [];
  let start = 0;
  let cut: number;
  while ((cut = text.indexOf('\n\n', start)) >= 0) {
    const lines = text.slice(start, cut).split('\n');
    start = cut + 2;
    let event = 'message';
    const data: string[] = [];
    for (const line of lines) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') });
  }
  return { events, rest: text.slice(start) };
}

export interface FollowOptions {
  /** Opens the stream; throws (an ApiError) when refused. */
  open(signal: AbortSignal): Promise<Response>;
  onEvent(event: StreamEvent): void;
  /** True while a stream is open and read, false while it is down and being opened again. */
  onLive?(live: boolean): void;
  /** Whether an error from `open` is worth trying again (a refusal such as 403 is not). */
  shouldRetry?(error: unknown): boolean;
  /** Waits before each retry in a row; the last one repeats. */
  retryDelaysMs?: number[];
}

const DEFAULT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

/**
 * Keeps a stream open: reads its events and opens it again (after a growing pause) whenever it ends
 * or breaks, until the answer is called. A stream that ends on purpose ("renew") is opened again at once.
 */
export function followEvents(options: FollowOptions): () => void {
  const controller = new AbortController();
  const delays = options.retryDelaysMs ?? DEFAULT_DELAYS_MS;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  void (async () => {
    let failures = 0;
    while (!controller.signal.aborted) {
      let renew = false;
      try {
        const response = await options.open(controller.signal);
        if (!response.body) throw new Error('the stream has no body');
        options.onLive?.(true);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let rest = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const read = readEvents(rest + decoder.decode(value, { stream: true }));
          rest = read.rest;
          for (const event of read.events) {
            if (event.event === 'ready') failures = 0;
            if (event.event === 'renew') renew = true;
            options.onEvent(event);
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (options.shouldRetry && !options.shouldRetry(error)) {
          options.onLive?.(false);
          return;
        }
      }
      if (controller.signal.aborted) return;
      options.onLive?.(false);
      if (!renew) await pause(delays[Math.min(failures++, delays.length - 1)]!);
    }
  })();
  return () => controller.abort();
}
