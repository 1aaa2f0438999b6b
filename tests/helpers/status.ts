import type { Response } from "supertest";

/**
 * For supertest's `.expect(...)`: the answer has `code`, or the failure names the call and shows
 * the body, which `.expect(code)` leaves out: a rare failure in a long run is then readable.
 */
export const status =
  (code: number) =>
  (res: Response): void => {
    if (res.status === code) return;
    const { method, url } = res.request;
    throw new Error(
      `${method} ${new URL(url).pathname}: expected ${code}, got ${res.status}: ${res.text.slice(0, 500)}`,
    );
  };
