import { z } from 'zod';
import { ResponseCode } from '../response-code.ts';
import { WireDateTimeSchema } from './date-time.schemas.ts';

// The envelope every answer carries beside its payload; there is no `data` wrapper (wire §1.7).

export const ENVELOPE_STATUS_SUCCESS = 'success';
export const ENVELOPE_STATUS_ERROR = 'error';

/** Any answer's envelope; other keys are ignored. */
export const EnvelopeSchema = z.object({
  status: z.string(),
  response_code: z.number().int(),
  error_message: z.string(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** The envelope fields of a successful answer; spread into each response schema. */
export const successEnvelopeShape = {
  status: z.literal(ENVELOPE_STATUS_SUCCESS),
  response_code: z.literal(ResponseCode.Success),
  error_message: z.literal(''),
};
export const SuccessEnvelopeSchema = z.strictObject(successEnvelopeShape);
export type SuccessEnvelopeFields = z.infer<typeof SuccessEnvelopeSchema>;

/** An error answer: the envelope plus `server_time`, which PYKAPI requires (wire §5). */
export const ErrorEnvelopeSchema = z.strictObject({
  status: z.literal(ENVELOPE_STATUS_ERROR),
  response_code: z.number().int(),
  error_message: z.string(),
  server_time: WireDateTimeSchema,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type SuccessEnvelope<T extends object> = SuccessEnvelopeFields & T;

/** A success answer: the envelope beside the payload's keys. */
export function successEnvelope<T extends object>(payload: T): SuccessEnvelope<T> {
  return { ...payload, status: ENVELOPE_STATUS_SUCCESS, response_code: ResponseCode.Success, error_message: '' };
}

/** An error answer; `serverTime` comes from formatWireDateTime. */
export function errorEnvelope(responseCode: number, errorMessage: string, serverTime: string): ErrorEnvelope {
  return {
    status: ENVELOPE_STATUS_ERROR,
    response_code: responseCode,
    error_message: errorMessage,
    server_time: serverTime,
  };
}
