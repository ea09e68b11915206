import { describe, expect, it } from 'vitest';
import { roomChoiceToHold, startsInWindow, windowProblem } from './waitlist.js';

describe('the waitlist rules', () => {
  it('takes a window that overlaps the starts the day allows, and says why otherwise', () => {
    const hours = { openMinute: 9 * 60, closeMinute: 21 * 60 };
    expect(windowProblem({ fromMinute: 600, toMinute: 720 }, hours, 60)).toBeUndefined();
    // Partly outside the hours is fine: the starts inside it count.
    expect(windowProblem({ fromMinute: 7 * 60, toMinute: 9 * 60 }, hours, 60)).toBeUndefined();
    expect(windowProblem({ fromMinute: 720, toMinute: 600 }, hours, 60)).toBe(
      'The window must end after it starts.',
    );
    expect(windowProblem({ fromMinute: 20 * 60 + 30, toMinute: 22 * 60 }, hours, 60)).toBe(
      'The spa takes this treatment between 09:00 and 20:00 that day.',
    );
    expect(windowProblem({ fromMinute: 6 * 60, toMinute: 8 * 60 }, hours, 60)).toMatch(/between 09:00/);
  });

  it('keeps the starts inside the window, both ends included, earliest first', () => {
    const starts = [{ minute: 780 }, { minute: 600 }, { minute: 660 }, { minute: 540 }];
    expect(startsInWindow(starts, { fromMinute: 600, toMinute: 780 }).map(({ minute }) => minute)).toEqual([
      600, 660, 780,
    ]);
    expect(startsInWindow(starts, { fromMinute: 800, toMinute: 900 })).toEqual([]);
  });

  it("holds the freed time's own room kind when free, else the least expensive free choice", () => {
    const prices = new Map([
      ['Gold|Single Bed', 150_000],
      ['Diamond|Double Bed', 300_000],
      ['Silver|Single Bed', 100_000],
    ]);
    expect(roomChoiceToHold(['Diamond|Double Bed', 'Gold|Single Bed'], prices, 'Diamond')).toEqual({
      key: 'Diamond|Double Bed',
      pricePaise: 300_000,
    });
    expect(roomChoiceToHold(['Diamond|Double Bed', 'Gold|Single Bed', 'Silver|Single Bed'], prices)).toEqual({
      key: 'Silver|Single Bed',
      pricePaise: 100_000,
    });
    expect(roomChoiceToHold(['Gold|Single Bed'], prices, 'Diamond')?.key).toBe('Gold|Single Bed');
    expect(roomChoiceToHold(['Unknown|Bed'], prices)).toBeUndefined();
  });
});
