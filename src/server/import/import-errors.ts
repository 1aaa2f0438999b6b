/**
 * An export that cannot be imported: not WXR or a Ghost export at all (exit code 2 on the command
 * line, as for any wrong input to a command; a 400 from the API), or damaged part way (`exitCode`
 * 1: the batches before the damage were imported, and a run with the whole file finishes the job).
 */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = "ImportFileError";
  }
}
