// Scheduled work of uploads: an image uploaded without a session (the
// registration picture, chosen before the account exists) that nothing
// refers to a day later is deleted, row and file, so anyone's uploads do not
// pile up for ever. Signed-in uploads stay: their uploader is known, and a
// badge form may hold one for longer than any deadline we could pick.
import fs from 'node:fs/promises';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import { uploadPath } from './service.ts';
import {
  deleteUploads,
  lockStaleAnonymousUploads,
  markUploadsReferenced,
} from './upload-repository.ts';

/** How long an upload without a session is kept, from its last upload, unless something refers to it. */
export const ANONYMOUS_UPLOAD_KEPT_MS = 24 * 3_600_000;
/** How often the worker looks for them, and how many a transaction handles. */
const UPLOAD_PRUNING_INTERVAL_MS = 10 * 60_000;
const UPLOADS_PRUNED_AT_ONCE = 100;

export interface UploadPruningDeps {
  db: Database;
  config: Pick<Config, 'uploads'>;
}

/**
 * Deletes the uploads without a session last uploaded more than
 * ANONYMOUS_UPLOAD_KEPT_MS before `now()` that nothing refers to, and marks
 * the ones something refers to as kept. Answers how many of each.
 */
export async function pruneAnonymousUploads(
  deps: UploadPruningDeps,
  now: () => Date = () => new Date(),
): Promise<{ deleted: number; kept: number }> {
  const before = new Date(now().getTime() - ANONYMOUS_UPLOAD_KEPT_MS);
  const total = { deleted: 0, kept: 0 };
  for (;;) {
    const { referenced, unreferenced } = await deps.db.transaction(async (tx) => {
      const stale = await lockStaleAnonymousUploads(tx, { before, limit: UPLOADS_PRUNED_AT_ONCE });
      const referenced = stale.filter((upload) => upload.referenced).map((upload) => upload.cid);
      const unreferenced = stale.filter((upload) => !upload.referenced).map((upload) => upload.cid);
      await markUploadsReferenced(tx, referenced);
      // The files go while the rows are locked: an upload of the same bytes
      // waits for this transaction, then records its row and writes its file.
      await Promise.all(
        unreferenced.map((cid) => fs.rm(uploadPath(deps.config, cid), { force: true })),
      );
      await deleteUploads(tx, unreferenced);
      return { referenced, unreferenced };
    });
    total.kept += referenced.length;
    total.deleted += unreferenced.length;
    if (referenced.length + unreferenced.length < UPLOADS_PRUNED_AT_ONCE) return total;
  }
}

export function uploadJobs(deps: UploadPruningDeps): WorkerJob[] {
  return [
    {
      name: 'upload-pruning',
      intervalMs: UPLOAD_PRUNING_INTERVAL_MS,
      run: async () => {
        await pruneAnonymousUploads(deps);
      },
    },
  ];
}
