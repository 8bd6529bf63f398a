import type { OrderImage } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { hashBands, hashDistance } from './images';
import { proofMatchesRepository as repo } from './proof-matches.repository';
import { isRegionHash, nearRegions, readRegionHashes } from './proof-regions';

/** Two proofs whose hashes differ in at most this many of 64 bits are the same picture. */
const SAME_PICTURE_BITS = 6;
const FLAT_PICTURE = '0000000000000000';
/**
 * A proof kept before the region hashes (issue 53 finding 7) is near another when their 64-bit near-match hashes
 * (picture without an added frame, or its mirror) differ in at most this many bits; decision 0032. Two proofs that
 * both have region hashes are compared by those alone (`nearRegions`, proof-regions.ts).
 */
const NEAR_PICTURE_BITS = 14;
/** How many of the most recent other proofs a proof is compared with for a near match. */
const NEAR_PICTURE_CANDIDATES = 2_000;

/**
 * The most recent other proof near this one, among the NEAR_PICTURE_CANDIDATES newest: by their region hashes when
 * both have them (the same proof cropped, turned, bordered, resized or mirrored), else the same picture as it or as
 * its mirror (each proof keeps both 64-bit hashes) at most NEAR_PICTURE_BITS bits apart.
 */
async function nearReceipt(db: Executor, orderId: number, hashes: readonly string[]) {
  const hash = hashes[0];
  if (!hash || hash === FLAT_PICTURE) return undefined;
  const regions = readRegionHashes(hashes);
  const others = await repo.recentNearReceipts(db, orderId, NEAR_PICTURE_CANDIDATES);
  return others.find((other) => {
    const theirs = other.near_hashes ?? [];
    const theirRegions = regions && readRegionHashes(theirs);
    if (regions && theirRegions) return nearRegions(regions, theirRegions);
    return theirs.some((candidate) => !isRegionHash(candidate) && hashDistance(candidate, hash) <= NEAR_PICTURE_BITS);
  });
}

/**
 * The other order whose proof is the same picture as this order's latest (a perceptual hash at most
 * SAME_PICTURE_BITS bits apart: re-encoding does not hide it) or, failing that, a near match for review
 * (`near: true`: the same proof resized, bordered, cropped, turned or mirrored, NEAR_PICTURE_BITS); null when
 * none, or when the proof is a flat picture (every neighbour alike: it says nothing about its content).
 */
export async function sameProofAs(
  db: Executor,
  orderId: number,
  stored: { phash: string | null; near_hashes: string[] | null } | undefined,
): Promise<OrderImage['sameAs']> {
  const phash = stored?.phash;
  if (!phash || phash === FLAT_PICTURE) return null;
  const bands = hashBands(phash) as string[];
  const same = (await repo.receiptsSharingABand(db, orderId, bands)).find(
    (other) => other.phash !== null && hashDistance(other.phash, phash) <= SAME_PICTURE_BITS,
  );
  if (same) return { orderId: same.order_id, code: same.code };
  const near = await nearReceipt(db, orderId, stored?.near_hashes ?? []);
  return near ? { orderId: near.order_id, code: near.code, near: true } : null;
}
