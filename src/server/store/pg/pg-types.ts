import pg from "pg";

/** bigint ids come back as numbers (every id here is far below 2^53); the rest as pg parses them. */
const INT8 = 20;
const defaultParser = pg.types.getTypeParser as (oid: number, format?: "text" | "binary") => (value: string) => unknown;
export const pgTypes = {
  getTypeParser: (oid: number, format?: "text" | "binary") => (oid === INT8 ? Number : defaultParser(oid, format)),
};
