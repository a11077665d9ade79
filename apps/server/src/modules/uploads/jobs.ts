// Scheduled work of uploads: an upload nothing refers to is deleted, row and
// file, some hours after its last upload, so nobody's uploads pile up for
// ever. Without a session (the registration picture, chosen before the
// account exists) that is a day (decision 0026); signed in, it is
// UNUSED_UPLOADS_KEPT_HOURS (decision 0061), long enough for a badge form
// left open overnight. One found referred to is kept for good.
import fs from 'node:fs/promises';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import { uploadPath } from './service.ts';
import { deleteUploads, lockStaleUploads, markUploadsReferenced } from './upload-repository.ts';

/** How long an upload without a session is kept, from its last upload, unless something refers to it. */
export const ANONYMOUS_UPLOAD_KEPT_MS = 24 * 3_600_000;
/** How often the worker looks for them, and how many a transaction handles. */
const UPLOAD_PRUNING_INTERVAL_MS = 10 * 60_000;
const UPLOADS_PRUNED_AT_ONCE = 100;

export interface UploadPruningDeps {
  db: Database;
  config: Pick<Config, 'uploads'>;
}

type Pruned = { deleted: number; kept: number };

/**
 * Deletes the uploads without a session last uploaded more than
 * ANONYMOUS_UPLOAD_KEPT_MS before `now()` that nothing refers to, and marks
 * the ones something refers to as kept. Answers how many of each.
 */
export function pruneAnonymousUploads(
  deps: UploadPruningDeps,
  now: () => Date = () => new Date(),
): Promise<Pruned> {
  return pruneStaleUploads(deps, 'nobody', new Date(now().getTime() - ANONYMOUS_UPLOAD_KEPT_MS));
}

/**
 * The same for signed-in uploads, after the configured hours
 * (`config.uploads.unusedKeptMs`): what a deleted one held leaves its
 * account's quota.
 */
export function pruneUnusedSignedInUploads(
  deps: UploadPruningDeps,
  now: () => Date = () => new Date(),
): Promise<Pruned> {
  return pruneStaleUploads(
    deps,
    'an-account',
    new Date(now().getTime() - deps.config.uploads.unusedKeptMs),
  );
}

async function pruneStaleUploads(
  deps: UploadPruningDeps,
  uploadedBy: Parameters<typeof lockStaleUploads>[1]['uploadedBy'],
  before: Date,
): Promise<Pruned> {
  const total = { deleted: 0, kept: 0 };
  for (;;) {
    const { referenced, unreferenced } = await deps.db.transaction(async (tx) => {
      const stale = await lockStaleUploads(tx, {
        uploadedBy,
        before,
        limit: UPLOADS_PRUNED_AT_ONCE,
      });
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
        await pruneUnusedSignedInUploads(deps);
      },
    },
  ];
}
