export type PQ4337ErrorParameters = {
  /** Extra explanation shown after the message. */
  details?: string | undefined;
  /** The underlying error, kept on `cause`. */
  cause?: unknown;
};

/**
 * The base of every error the SDK throws. `shortMessage` is the one-line reason; `message` adds the details.
 * Catch a specific subclass (e.g. `error instanceof SignatureValidationFailedError`) or test `error.name`.
 */
export class PQ4337Error extends Error {
  override name = "PQ4337Error";
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(shortMessage: string, { details, cause }: PQ4337ErrorParameters = {}) {
    super(details ? `${shortMessage}\n\nDetails: ${details}` : shortMessage, { cause });
    this.shortMessage = shortMessage;
    this.details = details;
  }
}
