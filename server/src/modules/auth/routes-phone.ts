/**
 * The phone countries and phone masks lists (coupon-accounts §3 "Other entities", §7): the countries
 * the site registers players from, with their calling codes, and per country the input mask of the
 * national number ("#" is a digit) with its shortest and longest digit count. Every phone input of
 * the auth and office forms formats the number with these.
 */
import { Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';

interface PhoneCountry {
  id: number;
  code: string;
  telCode: string;
  names: { ru: string; en: string };
  mask: string;
  min: number;
  max: number;
}

/** Ids are the site's country ids (users.country_id), the same the registration forms send. */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  {
    id: 1,
    code: 'ru',
    telCode: '+7',
    names: { ru: 'Россия', en: 'Russia' },
    mask: '(###) ###-##-##',
    min: 10,
    max: 10,
  },
  {
    id: 2,
    code: 'kz',
    telCode: '+7',
    names: { ru: 'Казахстан', en: 'Kazakhstan' },
    mask: '(###) ###-##-##',
    min: 10,
    max: 10,
  },
  {
    id: 3,
    code: 'ua',
    telCode: '+380',
    names: { ru: 'Украина', en: 'Ukraine' },
    mask: '(##) ###-##-##',
    min: 9,
    max: 9,
  },
  {
    id: 4,
    code: 'by',
    telCode: '+375',
    names: { ru: 'Беларусь', en: 'Belarus' },
    mask: '(##) ###-##-##',
    min: 9,
    max: 9,
  },
  {
    id: 5,
    code: 'uz',
    telCode: '+998',
    names: { ru: 'Узбекистан', en: 'Uzbekistan' },
    mask: '(##) ###-##-##',
    min: 9,
    max: 9,
  },
  {
    id: 6,
    code: 'gb',
    telCode: '+44',
    names: { ru: 'Великобритания', en: 'United Kingdom' },
    mask: '#### ######',
    min: 10,
    max: 10,
  },
  {
    id: 7,
    code: 'de',
    telCode: '+49',
    names: { ru: 'Германия', en: 'Germany' },
    mask: '### ########',
    min: 10,
    max: 11,
  },
  {
    id: 8,
    code: 'us',
    telCode: '+1',
    names: { ru: 'США', en: 'United States' },
    mask: '(###) ###-####',
    min: 10,
    max: 10,
  },
];

const LONG_CACHE = 'public, max-age=3600';

export async function phoneRoutes(app: RoutesApp): Promise<void> {
  app.get(
    '/web-api/auth/v1/phone/countries',
    {
      schema: {
        tags: ['auth'],
        summary: 'Phone countries',
        description: 'The countries of the phone inputs: id, name (in lang), country_code, tel_code.',
        querystring: Type.Object({ lang: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })) }),
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                country_code: Type.String(),
                tel_code: Type.String(),
              }),
            ),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LONG_CACHE);
      const lang = request.query.lang === 'en' ? 'en' : 'ru';
      return {
        items: PHONE_COUNTRIES.map((c) => ({
          id: c.id,
          name: c.names[lang],
          country_code: c.code,
          tel_code: c.telCode,
        })),
      };
    },
  );

  app.get(
    '/web-api/auth/v1/phone/masks',
    {
      schema: {
        tags: ['auth'],
        summary: 'Phone masks',
        description:
          'Per country id the mask of the national number ("#" stands for a digit) and the least (Min) and most (Max) digits it has.',
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                CountryId: Type.Integer(),
                Mask: Type.String(),
                Min: Type.Integer(),
                Max: Type.Integer(),
              }),
            ),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', LONG_CACHE);
      return {
        items: PHONE_COUNTRIES.map((c) => ({ CountryId: c.id, Mask: c.mask, Min: c.min, Max: c.max })),
      };
    },
  );
}
