import { describe, expect, it } from 'vitest';
import { findMissingParameter, requiredParameterMessage, requiredParameters } from './required-parameter.rules.ts';

describe('requiredParameters', () => {
  it('holds the SPEC §5 table', () => {
    expect(requiredParameters).toEqual({
      resign: ['user_id'],
      presave: ['email', 'password'],
      prereset: ['email', 'new_password'],
      emailPresave: ['new_email', 'password'],
      passwordPresave: ['current_password', 'new_password'],
      save: ['token'],
      emailSave: ['token'],
      passwordSave: ['token'],
      passwordReset: ['token'],
      episodePaid: ['episode_id', 'check_point'],
      episodePaidBulk: ['episode_id_list', 'paid_point', 'point_back'],
      magazinePaid: ['magazine_id', 'paid_point'],
      rentalTicket: ['episode_id', 'ticket_type', 'ticket_version'],
      commentPost: ['episode_id', 'comment'],
      register: ['device', 'locale', 'original_uuid', 'os_version', 'platform', 'tablet', 'timezone'],
      deviceSave: ['device', 'locale', 'os_version', 'tablet', 'timezone'],
      unban: ['token', 'original_uuid'],
      attestation: ['attestation', 'challenge', 'key_id'],
      optOut: ['ads', 'analysis'],
      login: ['email', 'password'],
    });
  });
});

describe('requiredParameterMessage', () => {
  it('uses the SPEC text without a trailing period', () => {
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
});
