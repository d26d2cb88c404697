import { describe, expect, it } from 'vitest';
import {
  EnvelopeSchema,
  ErrorEnvelopeSchema,
  errorEnvelope,
  SuccessEnvelopeSchema,
  successEnvelope,
} from './envelope.schemas.ts';

describe('EnvelopeSchema', () => {
  it('reads the envelope of any answer and drops the payload', () => {
    expect(EnvelopeSchema.parse({ status: 'fail', response_code: 3000, error_message: 'x', title_list: [] })).toEqual({
      status: 'fail',
      response_code: 3000,
      error_message: 'x',
    });
  });

  it.each([
    { response_code: 0, error_message: '' },
    { status: 'success', error_message: '' },
    { status: 'success', response_code: 0 },
    { status: 'success', response_code: '0', error_message: '' },
    { status: 'success', response_code: 0.5, error_message: '' },
  ])('rejects %j (TOSHO requires all three typed fields)', (value) => {
    expect(EnvelopeSchema.safeParse(value).success).toBe(false);
  });
});

describe('successEnvelope', () => {
  it('puts the payload beside the envelope', () => {
    expect(successEnvelope({ title_list: [] })).toEqual({
      status: 'success',
      response_code: 0,
      error_message: '',
      title_list: [],
    });
  });

  it('lets the envelope win over payload keys of the same name', () => {
    expect(successEnvelope({ response_code: 5 }).response_code).toBe(0);
  });

  it('builds what SuccessEnvelopeSchema accepts', () => {
    expect(SuccessEnvelopeSchema.safeParse(successEnvelope({})).success).toBe(true);
    expect(SuccessEnvelopeSchema.safeParse({ status: 'success', response_code: 1, error_message: '' }).success).toBe(
      false,
    );
  });
});

describe('ErrorEnvelopeSchema', () => {
  it('accepts an error answer with server_time', () => {
    const body = errorEnvelope(3105, 'Rent or purchase this chapter to read it.', '2026-01-02 03:04:05');
    expect(ErrorEnvelopeSchema.parse(body)).toEqual({
      status: 'error',
      response_code: 3105,
      error_message: 'Rent or purchase this chapter to read it.',
      server_time: '2026-01-02 03:04:05',
    });
  });

  it('rejects a missing or malformed server_time', () => {
    expect(ErrorEnvelopeSchema.safeParse({ status: 'error', response_code: 1099, error_message: '' }).success).toBe(
      false,
    );
    expect(ErrorEnvelopeSchema.safeParse(errorEnvelope(1099, '', '2026-01-02T03:04:05')).success).toBe(false);
  });

  it('flags extra fields', () => {
    expect(
      ErrorEnvelopeSchema.safeParse({ ...errorEnvelope(1099, '', '2026-01-02 03:04:05'), stack: 'x' }).success,
    ).toBe(false);
  });
});
