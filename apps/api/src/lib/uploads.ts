import type { FastifyRequest } from 'fastify';

/** What an upload's refusals say: the file over the multipart limit, or no file (or a broken body). */
export interface UploadRefusals {
  tooLarge: () => Error;
  missing: () => Error;
}

/**
 * The file of a multipart upload (field `file`, the first one; any other file part is drained) and its text
 * fields among `fieldNames`. The size limit is the multipart plugin's (`limits.fileSize`, registered by the
 * route's plugin): a larger file is cut off while it streams, never held whole.
 */
export async function readUpload(
  request: FastifyRequest,
  fieldNames: readonly string[],
  refusals: UploadRefusals,
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw refusals.missing();
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          continue;
        }
        file = await part.toBuffer();
      } else if (fieldNames.includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusals.tooLarge();
    if (code?.startsWith('FST_')) throw refusals.missing();
    throw error;
  }
  if (!file || file.length === 0) throw refusals.missing();
  return { file, fields };
}
