import { describe, expect, it } from 'vitest';
import { followEvents, readEvents, type StreamEvent } from './event-stream';

const streamOf = (chunks: string[], keepOpen = false) => {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        if (!keepOpen) controller.close();
      },
    }),
  );
};

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('readEvents', () => {
  it('answers whole events by name with their data, skipping comments, and keeps the unfinished rest', () => {
    const { events, rest } = readEvents(
      'retry: 2000\n\nevent: ready\ndata: {}\n\n: keep-alive\n\nevent: changed\ndata: {"at":"x"}\n\nevent: cha',
    );
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'changed', data: '{"at":"x"}' },
    ]);
    expect(rest).toBe('event: cha');
    expect(readEvents(`${rest}nged\ndata: 1\n\n`).events).toEqual([{ event: 'changed', data: '1' }]);
  });

  it('reads CRLF line ends, several data lines, and a message without a name', () => {
    expect(readEvents('data: a\r\ndata: b\r\n\r\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

describe('followEvents', () => {
  it('reads events across chunks and opens the stream again when it ends', async () => {
    const seen: StreamEvent[] = [];
    const live: boolean[] = [];
    let opened = 0;
    const stop = followEvents({
      open: () => {
        opened += 1;
        return Promise.resolve(
          opened === 1
            ? streamOf(['event: rea', 'dy\ndata: {}\n\nevent: changed\n', 'data: {}\n\n'])
            : streamOf(['event: ready\ndata: {}\n\n'], true),
        );
      },
      onEvent: (event) => seen.push(event),
      onLive: (state) => live.push(state),
      retryDelaysMs: [1],
    });
    await until(() => opened === 2 && seen.length === 3);
    stop();
    expect(seen.map((event) => event.event)).toEqual(['ready', 'changed', 'ready']);
    expect(live).toEqual([true, false, true]);
  });

  it('gives up on a refusal it is told not to retry, and keeps trying after a network failure', async () => {
    let refusals = 0;
    const live: boolean[] = [];
    followEvents({
      open: () => {
        refusals += 1;
        return Promise.reject(Object.assign(new Error('forbidden'), { status: 403 }));
      },
      onEvent: () => undefined,
      onLive: (state) => live.push(state),
      shouldRetry: (error) => (error as { status?: number }).status !== 403,
      retryDelaysMs: [1],
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(refusals).toBe(1);
    expect(live).toEqual([false]);

    let failures = 0;
    const stop = followEvents({
      open: () => {
        failures += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
      onEvent: () => undefined,
      retryDelaysMs: [1],
    });
    await until(() => failures >= 3);
    stop();
  });
});
