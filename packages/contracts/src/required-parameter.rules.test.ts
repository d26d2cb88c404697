import { describe, expect, it } from 'vitest';
import {
  findMissingParameter,
  type OperationWithRequiredParameters,
  requiredParameterMessage,
  requiredParameters,
} from './required-parameter.rules.ts';

// product §5's sentence as written there, quoted on purpose: the table is read back from it.
const SPEC_5_REQUIRED =
  'Required: resign user_id; presave email, password; prereset email, new_password; email presave new_email, password; password presave current_password, new_password; token-based saves and resets token; episode paid episode_id, check_point; bulk paid episode_id_list, paid_point, point_back; magazine paid magazine_id, paid_point; ticket rental episode_id, ticket_type, ticket_version; comment post episode_id, comment; register device, locale, original_uuid, os_version, platform, tablet, timezone; device save device, locale, os_version, tablet, timezone; unban token, original_uuid; attestation attestation, challenge, key_id; opt-out ads, analysis; login email, password.';

/** The operations each phrase of the sentence names (the only part of this test that is ours). */
const OPERATIONS_OF: Record<string, readonly OperationWithRequiredParameters[]> = {
  resign: ['resign'],
  presave: ['presave'],
  prereset: ['prereset'],
  'email presave': ['emailPresave'],
  'password presave': ['passwordPresave'],
  'token-based saves and resets': ['save', 'emailSave', 'passwordSave', 'passwordReset'],
  'episode paid': ['episodePaid'],
  'bulk paid': ['episodePaidBulk'],
  'magazine paid': ['magazinePaid'],
  'ticket rental': ['rentalTicket'],
  'comment post': ['commentPost'],
  register: ['register'],
  'device save': ['deviceSave'],
  unban: ['unban'],
  attestation: ['attestation'],
  'opt-out': ['optOut'],
  login: ['login'],
};

/** `phrase param, param…` clauses: the phrase is everything before the first parameter name. */
function tableOfSpec(): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const clause of SPEC_5_REQUIRED.replace(/^Required: /, '')
    .replace(/\.$/, '')
    .split('; ')) {
    const [head = '', ...rest] = clause.split(', ');
    const words = head.split(' ');
    const first = words.pop() as string;
    const phrase = words.join(' ');
    const operations = OPERATIONS_OF[phrase];
    if (!operations) throw new Error(`product §5 names an operation this test does not know: "${phrase}"`);
    for (const operation of operations) table[operation] = [first, ...rest];
  }
  return table;
}

describe('requiredParameters', () => {
  it('is the product §5 sentence, operation by operation, in its order', () => {
    expect(requiredParameters).toEqual(tableOfSpec());
  });
});

describe('requiredParameterMessage', () => {
  it('uses the product rules text without a trailing period', () => {
    expect(requiredParameterMessage('user_id', 'resign')).toBe(
      'Required parameter user_id was null or undefined when calling resign',
    );
  });
});

describe('findMissingParameter', () => {
  it('returns the first null or undefined parameter', () => {
    expect(findMissingParameter('login', {})).toBe('email');
    expect(findMissingParameter('login', { email: 'a@example.com', password: null })).toBe('password');
  });

  it('accepts falsy values that are present', () => {
    expect(findMissingParameter('optOut', { ads: 0, analysis: '' })).toBeUndefined();
    expect(findMissingParameter('episodePaid', { episode_id: 1, check_point: 0 })).toBeUndefined();
  });

  it('names the missing one whichever of several is missing, in the order the product rules lists them', () => {
    const register = {
      device: 'Pixel',
      locale: 'ja',
      original_uuid: 'u',
      os_version: '15',
      platform: 2,
      tablet: 0,
      timezone: 'Asia/Tokyo',
    };
    expect(findMissingParameter('register', register)).toBeUndefined();
    expect(findMissingParameter('register', { ...register, os_version: undefined, timezone: null })).toBe('os_version');
    expect(findMissingParameter('rentalTicket', { episode_id: 1, ticket_type: 99 })).toBe('ticket_version');
  });
});
