import fs from "node:fs/promises";
import path from "node:path";
import type { CommandRun } from "~/server/cli";
import { ImportFileError } from "~/server/import/import-errors";
import { UsageError } from "~/server/operations/cli-errors";
import { IMPORT_FORMATS, IMPORT_MESSAGES, type ImportFormat, type ImportReport } from "~/shared/import";
import { configOf, withStore } from "./command-site";

/**
 * `import wordpress|ghost FILE [--dry-run] [--media-dir DIR]` (docs/operations.md "Moving from
 * WordPress or Ghost"): on the data folder, or DATABASE_URL's database, as every command. The
 * file is checked before the store is opened, so a file that is no export is refused (exit code 2)
 * without taking the folder's lock. Each batch is written as it is ready; the report lists every
 * item and what became of it.
 */
export const importSite: CommandRun = async (values, [format, file], entry) => {
  if (!IMPORT_FORMATS.includes(format as ImportFormat)) throw new UsageError(IMPORT_MESSAGES.unknownFormat(format!));
  const resolved = path.resolve(file!);
  if (!(await isFile(resolved))) throw new ImportFileError(IMPORT_MESSAGES.noFile(resolved), 1);
  const mediaDir = typeof values["media-dir"] === "string" ? path.resolve(values["media-dir"]) : undefined;
  if (
    mediaDir &&
    !(await fs.stat(mediaDir).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  )
    throw new ImportFileError(IMPORT_MESSAGES.noMediaDir(mediaDir), 1);
  const dryRun = values["dry-run"] === true;
  const { checkExport, runImport } = await import("~/server/import/importer");
  // Refused before the store is opened: a file that is not this export is exit code 2, and no lock is taken.
  await checkExport(format as ImportFormat, resolved, file!);
  const config = configOf(values, entry);
  await withStore(
    values,
    async (store, { files }) => {
      const { createMediaLibrary } = await import("~/server/media/media-library");
      const { createImageStore } = await import("~/server/import/import-images");
      const media = createMediaLibrary(config.dataDir, files.media, { maxPixels: config.maxImagePixels });
      const images = dryRun
        ? undefined
        : createImageStore({
            media,
            mediaDir,
            allowPrivate: config.importAllowPrivate,
            timeoutMs: config.importTimeoutMs,
          });
      let batches = 0;
      const report = await runImport({
        store,
        format: format as ImportFormat,
        file: resolved,
        label: file,
        dryRun,
        images,
        onBatch: (sofar) => {
          batches++;
          if (!dryRun) console.error(`Batch ${batches}: ${sofar.items.length} items so far.`);
        },
      });
      await media.settled();
      printReport(report);
      // An empty folder gets no sample posts: they would sit among the imported ones.
    },
    { seed: false },
  );
};

function printReport(report: ImportReport) {
  for (const item of report.items) {
    const notes = item.notes?.length ? `: ${item.notes.join("; ")}` : "";
    const where = item.slug ? ` -> /blog/${item.slug}` : item.path ? ` -> ${item.path}` : "";
    console.log(`${item.action.padEnd(9)} ${item.source} "${item.title}"${where}${notes}`);
  }
  console.log(IMPORT_MESSAGES.summary(report));
}

const isFile = (file: string) =>
  fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
