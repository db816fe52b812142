import { apiErrorSchema } from '@common/api-error';
import { londonDate } from '@common/calendar';
import {
  createRevenueEntrySchema,
  nothingInMonthSchema,
  revenueCurrenciesSchema,
  revenueEntryParamsSchema,
  revenueEntrySchema,
  revenueFiltersSchema,
  revenueHistoryQuerySchema,
  revenueHistorySchema,
  revenueListQuerySchema,
  revenueSummarySchema,
  updateRevenueEntrySchema,
} from '@common/revenue';
import {
  IMPORT_MAX_CHARACTERS,
  revenueImportRequestSchema,
  revenueImportResultSchema,
} from '@common/revenue-import';
import { revenuePayersSchema } from '@common/revenue-payer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { signedInUser } from '../auth/public';
import { importRevenue } from './import';
import { findPayers } from './payers-store';
import {
  createRevenueEntry,
  deleteRevenueEntry,
  exportRevenueCsv,
  getRevenueEntry,
  listRevenueEntries,
  listRevenueHistory,
  recordNothingInMonth,
  summariseRevenue,
  updateRevenueEntry,
} from './service';
import { listCurrencies } from './valuing';

export type RevenueRouteDeps = { db: Db; now: () => Date };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

export function registerRevenueRoutes(app: FastifyInstance, { db, now }: RevenueRouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['revenue'];

  routes.get(
    '/api/revenue',
    {
      schema: {
        tags,
        summary: 'Revenue entries, newest first (by date, then by when entered), a page at a time',
        querystring: revenueListQuerySchema,
        response: { 200: z.array(revenueEntrySchema), ...errors },
      },
    },
    async (request) => listRevenueEntries(db, signedInUser(request).id, request.query),
  );

  routes.post(
    '/api/revenue',
    {
      schema: {
        tags,
        summary: 'Add a revenue entry (dated today in London when no date is given)',
        body: createRevenueEntrySchema,
        response: { 201: revenueEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await createRevenueEntry(db, signedInUser(request).id, request.body, now());
      return reply.status(201).send(entry);
    },
  );

  routes.post(
    '/api/revenue/nothing-in-month',
    {
      schema: {
        tags,
        summary: 'Say a stream brought nothing in a month that has ended: a £0 entry on its last day',
        body: nothingInMonthSchema,
        response: { 201: revenueEntrySchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await recordNothingInMonth(db, signedInUser(request).id, request.body, now());
      return reply.status(201).send(entry);
    },
  );

  routes.get(
    '/api/revenue/summary',
    {
      schema: {
        tags,
        summary: 'Totals, this month (London), streams, average per stream, by month and by source',
        response: { 200: revenueSummarySchema, 401: apiErrorSchema },
      },
    },
    async (request) => summariseRevenue(db, signedInUser(request).id, londonDate(now())),
  );

  routes.get(
    '/api/revenue/currencies',
    {
      schema: {
        tags,
        summary: 'Currencies an entry can be paid in: pounds, then those the creator has used, then the rest',
        response: { 200: revenueCurrenciesSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listCurrencies(db, signedInUser(request).id),
  );

  routes.get(
    '/api/revenue/payers',
    {
      schema: {
        tags,
        summary: 'Who has paid the creator (the entries’ "From"), the most recently paid first, at most 50',
        response: { 200: revenuePayersSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ payers: await findPayers(db, signedInUser(request).id) }),
  );

  routes.get(
    '/api/revenue/history',
    {
      schema: {
        tags,
        summary:
          'The full history, 25 entries a page, newest first, filtered by source and month, with totals',
        querystring: revenueHistoryQuerySchema,
        response: { 200: revenueHistorySchema, ...errors },
      },
    },
    async (request) => listRevenueHistory(db, signedInUser(request).id, request.query),
  );

  routes.get(
    '/api/revenue/export',
    {
      schema: {
        tags,
        summary:
          'Every entry the filters match, newest first, as CSV (date, source, amount in pounds, description, paid amount, paid currency, rate, rate date, transaction id, gross, fee)',
        querystring: revenueFiltersSchema,
        produces: ['text/csv'],
        // Sent as it is, never through the serialiser.
        response: { 200: z.unknown().describe('text/csv, one entry per row'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportRevenueCsv(db, signedInUser(request).id, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  routes.get(
    '/api/revenue/:id',
    {
      schema: {
        tags,
        summary: 'One entry',
        params: revenueEntryParamsSchema,
        response: { 200: revenueEntrySchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => getRevenueEntry(db, signedInUser(request).id, request.params.id),
  );

  routes.patch(
    '/api/revenue/:id',
    {
      schema: {
        tags,
        summary: 'Correct an entry: any of source, amount, description, date',
        params: revenueEntryParamsSchema,
        body: updateRevenueEntrySchema,
        response: { 200: revenueEntrySchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      updateRevenueEntry(db, signedInUser(request).id, request.params.id, request.body, londonDate(now())),
  );

  routes.delete(
    '/api/revenue/:id',
    {
      schema: {
        tags,
        summary: 'Remove an entry',
        params: revenueEntryParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteRevenueEntry(db, signedInUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/revenue/import',
    {
      // The CSV travels as JSON text; 5,000 rows with long descriptions need more than the 1 MiB default.
      bodyLimit: IMPORT_MAX_CHARACTERS * 2,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Import a CSV (csv, as text) or an Excel workbook (workbook, base64; its first sheet) of entries: ' +
          'columns date, source, amount, description under common names, or an export from YouTube Studio, ' +
          'Patreon, Stripe, Gumroad, Ko-fi, Amazon Associates or TikTok Studio. dryRun: true previews every ' +
          'row and lists the names it cannot place; sourceNames answers them (remembered for the next ' +
          'import); rows repeated in a creator’s own sheet are left out unless includeRepeats. A real import ' +
          'saves every accepted row and leaves refused ones out, counted; with none accepted it is a 400 ' +
          'naming the lines.',
        body: revenueImportRequestSchema,
        response: { 200: revenueImportResultSchema, ...errors, 413: apiErrorSchema },
      },
    },
    async (request) => importRevenue(db, signedInUser(request).id, request.body, now()),
  );
}
