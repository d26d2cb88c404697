import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#src/rules/domain.error.ts';
import { type OutcomeEvent, OutcomeEvents, outcomeOf } from '#src/services/outcome-events.service.ts';

function listening() {
  const events = new OutcomeEvents();
  const told: OutcomeEvent[] = [];
  events.on((event) => told.push(event));
  return { events, told };
}

describe('outcomeOf', () => {
  it('classes refusals by their code, the account codes together, anything else as failed', () => {
    expect(outcomeOf(new DomainError(ResponseCode.PriceMismatch))).toBe('price_changed');
    expect(outcomeOf(new DomainError(ResponseCode.PointShortage))).toBe('points_short');
    expect(outcomeOf(new DomainError(ResponseCode.EpisodeAlreadyPurchased))).toBe('already_owned');
    expect(outcomeOf(new DomainError(ResponseCode.AccountAccessDenied))).toBe('rating');
    expect(outcomeOf(new DomainError(ResponseCode.UserNotLogin))).toBe('account');
    expect(outcomeOf(new DomainError(ResponseCode.AccountBanned))).toBe('account');
    expect(outcomeOf(new DomainError(ResponseCode.PostCommentNgword))).toBe('refused');
    expect(outcomeOf(new Error('connection reset'))).toBe('failed');
    expect(outcomeOf('a string')).toBe('failed');
  });
});

describe('OutcomeEvents', () => {
  it('tells done with the result, or the class of the error and rethrows it', async () => {
    const { events, told } = listening();
    await expect(events.track({ event: 'purchase', kind: 'episode' }, async () => 7)).resolves.toBe(7);
    const refusal = new DomainError(ResponseCode.TicketShortage);
    await expect(
      events.track({ event: 'purchase', kind: 'ticket_rental' }, async () => Promise.reject(refusal)),
    ).rejects.toBe(refusal);
    expect(told).toEqual([
      { event: 'purchase', kind: 'episode', outcome: 'done' },
      { event: 'purchase', kind: 'ticket_rental', outcome: 'tickets_short' },
    ]);
  });

  it('tells a mail sent or failed, and a listener that throws spoils neither the work nor other listeners', async () => {
    const { events, told } = listening();
    events.on(() => {
      throw new Error('a broken listener');
    });
    const second: OutcomeEvent[] = [];
    events.on((event) => second.push(event));
    await expect(events.mail('signup', async () => 'id')).resolves.toBe('id');
    await expect(events.mail('chapter_alert', async () => Promise.reject(new Error('550')))).rejects.toThrow('550');
    const expected = [
      { event: 'mail', kind: 'signup', outcome: 'sent' },
      { event: 'mail', kind: 'chapter_alert', outcome: 'failed' },
    ];
    expect(told).toEqual(expected);
    expect(second).toEqual(expected);
  });
});
