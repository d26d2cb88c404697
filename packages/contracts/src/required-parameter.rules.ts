// Client-side required-parameter check (product §5). Names are the wire (snake_case) parameter names.

export const requiredParameters = {
  resign: ['user_id'],
  presave: ['email', 'password'],
  prereset: ['email', 'new_password'],
  emailPresave: ['new_email', 'password'],
  passwordPresave: ['current_password', 'new_password'],
  // "token-based saves and resets": account save, email save, password save and password reset.
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
} as const satisfies Record<string, readonly string[]>;

export type OperationWithRequiredParameters = keyof typeof requiredParameters;

/** product §5 text, verbatim (no trailing period). */
export function requiredParameterMessage(name: string, operation: string): string {
  return `Required parameter ${name} was null or undefined when calling ${operation}`;
}

/** The first required parameter of `operation` that is null or undefined in `params`, if any. */
export function findMissingParameter(
  operation: OperationWithRequiredParameters,
  params: Readonly<Record<string, unknown>>,
): string | undefined {
  return requiredParameters[operation].find((name) => params[name] === null || params[name] === undefined);
}
