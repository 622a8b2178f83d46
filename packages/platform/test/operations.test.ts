/**
 * Operations (issue 23): a service binds one handler to each operation it owns; the platform mounts the
 * declared method and path, applies the declared access, parses the declared input and answers with the
 * declared success status. A missing or an extra handler fails the type check and the start; so does an
 * answer of the wrong shape. The operations here are made up for the test (no service's).
 */
import { defineOperations, errorResponse } from '@marketplace/contracts';
import type express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { typeErrorsByFile } from '../../../test-support/type-check';
import {
  answered,
  bindOperations,
  createHttpApp,
  createLogger,
  listen,
  operationRouter,
  type Principal,
} from '../src/index';

const shelf = defineOperations({
  listBooks: {
    method: 'get',
    path: '/api/books',
    summary: 'Books, by title',
    tags: ['Books'],
    service: 'catalog',
    access: 'public',
    request: { query: z.object({ title: z.string().min(2).optional() }) },
    responses: { 200: { description: 'The books', schema: z.object({ data: z.array(z.string()) }) } },
  },
  getBook: {
    method: 'get',
    path: '/api/books/{id}',
    summary: 'One book',
    tags: ['Books'],
    service: 'catalog',
    access: 'user',
    request: { params: z.object({ id: z.string().regex(/^b\d+$/, 'id must look like b1') }) },
    responses: { 200: { description: 'The book', schema: z.object({ data: z.string() }) } },
  },
  getNewestBook: {
    method: 'get',
    path: '/api/books/newest',
    summary: 'The newest book',
    tags: ['Books'],
    service: 'listing',
    access: 'public',
    responses: { 200: { description: 'The book', schema: z.object({ data: z.string() }) } },
  },
  addBook: {
    method: 'post',
    path: '/api/books',
    summary: 'Add a book',
    tags: ['Books'],
    service: 'catalog',
    access: 'admin',
    request: { body: z.object({ title: z.string().min(1, 'title is required') }) },
    responses: {
      201: { description: 'Added', schema: z.object({ message: z.string() }) },
      409: { description: 'Taken', schema: errorResponse },
    },
  },
});
const { getNewestBook, ...catalogBooks } = shelf;

/** Signs in by header, for the test: `x-as: User` or `x-as: Admin`. */
const signIn: express.RequestHandler = (req, _res, next) => {
  const role = req.headers['x-as'];
  if (role === 'User' || role === 'Admin') {
    req.principal = { id: 'u1', role, jti: 'j', exp: 0 } satisfies Principal;
  }
  next();
};

let url = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const books = bindOperations(catalogBooks, {
    async listBooks({ query }) {
      return { data: ['Malgudi Days', 'Godan'].filter((t) => !query.title || t.includes(query.title)) };
    },
    async getBook({ params }, { principal }) {
      return { data: `${params.id} for ${principal.id}` };
    },
    async addBook({ body }, { res }) {
      if (body.title === 'Godan') {
        res.status(409).json({ message: 'title: taken' });
        return answered;
      }
      return { message: `added ${body.title}` };
    },
  });
  // Another service's literal path, bound after the parameter that would shadow it.
  const newest = bindOperations({ getNewestBook }, { getNewestBook: async () => ({ data: 'Godan' }) });
  const server = await listen(
    createHttpApp({
      logger: createLogger({ level: 'silent' }),
      before: [signIn],
      routers: [operationRouter([...books, ...newest])],
    }),
    { port: 0, host: '127.0.0.1' },
  );
  url = server.url;
  stop = () => server.stop();
});
afterAll(() => stop());

const get = (path: string, as?: string) => fetch(`${url}${path}`, { headers: as ? { 'x-as': as } : {} });
const post = (path: string, body: unknown, as?: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(as ? { 'x-as': as } : {}) },
    body: JSON.stringify(body),
  });

describe('operationRouter', () => {
  it('answers the handler result with the declared success status', async () => {
    const list = await get('/api/books?title=Go');
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ data: ['Godan'] });
    const added = await post('/api/books', { title: 'Nirmala' }, 'Admin');
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ message: 'added Nirmala' });
  });

  it('lets a handler answer by itself', async () => {
    const taken = await post('/api/books', { title: 'Godan' }, 'Admin');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: 'title: taken' });
  });

  it('applies the declared access before anything runs', async () => {
    expect((await get('/api/books/b1')).status).toBe(401);
    expect((await post('/api/books', { title: 'Nirmala' }, 'User')).status).toBe(403);
    expect(await (await get('/api/books/b1', 'User')).json()).toEqual({ data: 'b1 for u1' });
  });

  it('answers 400 naming the field when the declared input does not parse', async () => {
    const badQuery = await get('/api/books?title=G');
    expect(badQuery.status).toBe(400);
    expect((await badQuery.json()).message).toMatch(/^title/);
    const badParam = await get('/api/books/x1', 'User');
    expect(badParam.status).toBe(400);
    expect((await badParam.json()).message).toBe('id must look like b1');
    const badBody = await post('/api/books', { title: '' }, 'Admin');
    expect(badBody.status).toBe(400);
    expect((await badBody.json()).message).toBe('title is required');
  });

  it('tries literal path segments before parameters, whatever the order of binding', async () => {
    const newest = await get('/api/books/newest');
    expect(newest.status).toBe(200);
    expect(await newest.json()).toEqual({ data: 'Godan' });
  });
});

describe('bindOperations at start', () => {
  const handle = async () => ({ data: [] as string[] });

  it('refuses an operation without a handler', () => {
    expect(() =>
      bindOperations(catalogBooks, { listBooks: handle } as unknown as Parameters<
        typeof bindOperations<typeof catalogBooks>
      >[1]),
    ).toThrow('operation getBook (get /api/books/{id}) has no handler');
  });

  it('refuses a handler for an undeclared operation', () => {
    expect(() =>
      bindOperations({ getNewestBook }, {
        getNewestBook: async () => ({ data: 'x' }),
        deleteEverything: handle,
      } as unknown as Parameters<typeof bindOperations<{ getNewestBook: typeof getNewestBook }>>[1]),
    ).toThrow('handler deleteEverything has no declared operation');
  });
});

const preamble = `
import { operationsOf } from '@marketplace/contracts';
import { bindOperations } from '@marketplace/platform';
`;

describe('handlers are typed by the declarations (npm run typecheck)', () => {
  let errors: Record<string, string[]> = {};
  beforeAll(() => {
    errors = typeErrorsByFile({
      'bound.ts': `${preamble}
export const ok = bindOperations(operationsOf('notification'), {
  async sendContactMessage({ body }) { return { message: body.name }; },
});`,
      'missing.ts': `${preamble}
export const missing = bindOperations(operationsOf('listing'), {
  async listSellerCars() { return { data: [] }; },
});`,
      'extra.ts': `${preamble}
export const extra = bindOperations(operationsOf('notification'), {
  async sendContactMessage() { return { message: 'sent' }; },
  async deleteEverything() { return { message: 'gone' }; },
});`,
      'wrong-answer.ts': `${preamble}
export const wrong = bindOperations(operationsOf('notification'), {
  async sendContactMessage() { return { msg: 'sent' }; },
});`,
      'wrong-input.ts': `${preamble}
export const wrong = bindOperations(operationsOf('notification'), {
  async sendContactMessage({ body }) { return { message: body.subjectLine }; },
});`,
    });
  }, 120_000);

  it('compiles a handler for each declared operation', () => {
    expect(errors['bound.ts']).toEqual([]);
    expect(errors['(other)']).toBeUndefined();
  });

  it('fails on an operation without a handler', () => {
    expect(errors['missing.ts']?.join('\n')).toContain('is missing the following properties');
    expect(errors['missing.ts']?.join('\n')).toContain('createCar, deleteCar, updateCar');
  });

  it('fails on a handler for an undeclared operation', () => {
    expect(errors['extra.ts']?.join('\n')).toContain("'deleteEverything' does not exist");
  });

  it('fails on an answer or an input field the declaration does not have', () => {
    expect(errors['wrong-answer.ts']?.join('\n')).toContain('msg');
    expect(errors['wrong-input.ts']?.join('\n')).toContain('subjectLine');
  });
});
