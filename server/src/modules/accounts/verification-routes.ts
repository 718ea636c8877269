/**
 * Verification routes for signed-in players: the statuses of the user config (verification_status,
 * user_status_id, verification_status_group_code, requested_additional_document), the identification
 * modal flavour, the uploaded documents, document upload (type and images as base64 in JSON) and the
 * player's own files. Another player's document answers 404.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import {
  DOCUMENT_TYPES,
  MAX_FILE_BYTES,
  MAX_FILES,
  type VerificationDocument,
  type VerificationService,
} from './verification.ts';

export type IdentificationFlavour = 'faceid' | 'other';

// Twice the largest file, so an oversized file is answered 413 DOCUMENT_TOO_LARGE by the service.
const Base64 = Type.String({ minLength: 8, maxLength: MAX_FILE_BYTES * 2 });
const UploadBody = Type.Object({
  type: Type.Union(DOCUMENT_TYPES.map((t) => Type.Literal(t))),
  files: Type.Array(Type.Object({ data: Base64 }), { minItems: 1, maxItems: MAX_FILES }),
});
const DocumentSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  state: Type.String(),
  files: Type.Array(
    Type.Object({ index: Type.Integer(), mime: Type.String(), size: Type.Integer(), url: Type.String() }),
  ),
  createdAt: Type.String(),
  reviewedAt: Type.Union([Type.String(), Type.Null()]),
});
const StatusSchema = Type.Object({
  verification_status: Type.Integer(),
  user_status_id: Type.Integer(),
  verification_status_group_code: Type.String(),
  requested_additional_document: Type.Boolean(),
});
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const BASE = '/web-api/accounts/v1/verification';

function documentView(d: VerificationDocument) {
  return {
    id: d.id.toString(),
    type: d.type,
    state: d.state,
    files: d.files.map((f, index) => ({
      index,
      mime: f.mime,
      size: f.size,
      url: `${BASE}/documents/${d.id}/files/${index}`,
    })),
    createdAt: d.createdAt.toISOString(),
    reviewedAt: d.reviewedAt ? d.reviewedAt.toISOString() : null,
  };
}

export async function verificationRoutes(
  app: RoutesApp,
  options: { verification: VerificationService; identificationFlavour: () => Promise<IdentificationFlavour> },
): Promise<void> {
  const { verification } = options;
  const tags = ['verification'];

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Verification status and documents',
        response: {
          200: Type.Object({
            status: StatusSchema,
            identification: Type.Object({ flavour: Type.String() }),
            documentTypes: Type.Array(Type.String()),
            documents: Type.Array(DocumentSchema),
            decisionReason: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request, reply) => {
      const userId = BigInt((await requireUser(request)).userId);
      reply.header('cache-control', 'no-store');
      return {
        status: await verification.status(userId),
        identification: { flavour: await options.identificationFlavour() },
        documentTypes: [...DOCUMENT_TYPES],
        documents: (await verification.documents(userId)).map(documentView),
        decisionReason: await verification.decisionReason(userId),
      };
    },
  );

  app.post(
    `${BASE}/documents`,
    {
      bodyLimit: MAX_FILES * MAX_FILE_BYTES * 2 + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload a verification document',
        description: `Type and 1 to ${MAX_FILES} JPEG, PNG, WebP or PDF files (base64), each up to ${MAX_FILE_BYTES} bytes.`,
        body: UploadBody,
        response: { 200: Type.Object({ document: DocumentSchema, status: StatusSchema }) },
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      const body = request.body;
      const files = body.files.map((f) => {
        const data = f.data.replace(/^data:[\w/+.-]+;base64,/, '');
        if (!BASE64.test(data)) throw new AppError('VALIDATION_FAILED', 'files: base64 data');
        return Buffer.from(data, 'base64');
      });
      const document = await verification.upload(userId, body.type, files);
      return { document: documentView(document), status: await verification.status(userId) };
    },
  );

  app.get(
    `${BASE}/documents/:id/files/:index`,
    {
      schema: {
        tags,
        summary: "One file of the player's own document",
        params: Type.Object({
          id: IdString(),
          index: Type.Integer({ minimum: 0, maximum: MAX_FILES - 1 }),
        }),
      },
    },
    async (request, reply) => {
      const userId = BigInt((await requireUser(request)).userId);
      const { id, index } = request.params;
      const file = await verification.file(userId, BigInt(id), index);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type(file.mime)
        .send(file.bytes);
    },
  );
}
