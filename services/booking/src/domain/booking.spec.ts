import type { DepositPolicy } from '@spa/rules';
import { describe, expect, it } from 'vitest';
import { depositTerms, fairHoldProblem, NO_TERMS, prepayProblem } from './booking.js';

const policy: DepositPolicy = {
  kind: 'percent',
  value: 20,
  lateCancellationHours: 24,
  lateCancellationFeePercent: 50,
};
const choice = (depositPolicy: DepositPolicy = policy) => ({
  service: { depositPolicy },
  price: { totalPricePaise: 250_000 },
});

describe('the booking rules taken from the settings', () => {
  it.each([
    { prepayAfterNoShows: 2, noShows: 1, refused: false },
    { prepayAfterNoShows: 2, noShows: 2, refused: true },
    { prepayAfterNoShows: 0, noShows: 9, refused: false }, // 0 turns the rule off
  ])(
    'cash after $noShows no-shows with prepayAfterNoShows $prepayAfterNoShows: refused $refused',
    ({ prepayAfterNoShows, noShows, refused }) => {
      const problem = prepayProblem({ prepayAfterNoShows }, noShows);
      expect(problem?.code).toBe(refused ? 'PREPAY_REQUIRED' : undefined);
    },
  );

  it('takes the treatment’s deposit online, unless there is none or the customer must prepay in full', () => {
    expect(depositTerms({ prepayAfterNoShows: 2 }, 0, choice())).toEqual({
      depositPaise: 50_000,
      lateCancellationHours: 24,
      lateCancellationFeePercent: 50,
    });
    expect(depositTerms({ prepayAfterNoShows: 2 }, 2, choice())).toBe(NO_TERMS);
    expect(depositTerms({ prepayAfterNoShows: 2 }, 0, choice({ ...policy, kind: 'none', value: 0 }))).toBe(
      NO_TERMS,
    );
  });

  it('refuses a slot overlapping one the customer holds (fair holds), in the business’s zone', () => {
    const rules = { fairHolds: { maxOnlineHolds: 2, maxFutureCashBookings: 3 }, timeZone: 'Asia/Kolkata' };
    const now = new Date('2026-12-01T00:00:00Z');
    const slot = { start: new Date('2026-12-01T05:00:00Z'), end: new Date('2026-12-01T06:00:00Z') };
    const held = {
      startsAt: new Date('2026-12-01T05:30:00Z'),
      endsAt: new Date('2026-12-01T06:30:00Z'),
      status: 'Confirmed',
      paymentMethod: 'cash',
      paymentStatus: 'Cash',
      paymentHoldExpiresAt: null,
    };
    expect(fairHoldProblem(rules, [], { paymentMethod: 'cash' }, slot, now)).toBeUndefined();
    expect(fairHoldProblem(rules, [held], { paymentMethod: 'cash' }, slot, now)?.statusCode).toBe(409);
  });
});
