/**
 * Phone masks (coupon-accounts §3 "Phone masks": CountryId, Mask, Min, Max; §7 the phone countries
 * and masks lists, served by GET /web-api/auth/v1/phone/countries and /phone/masks). "#" in a mask
 * stands for one digit of the national number; other characters are shown between the digits.
 */
import { callApi } from '@parlay/client/api.ts';
import { useEffect, useState } from 'react';
import { COUNTRIES } from './countries.ts';

export interface PhoneCountry {
  id: number;
  code: string;
  name: string | null;
  telCode: string;
  mask: string | null;
  min: number;
  max: number;
}

/** The digits of a typed number, at most `max` of them. */
export function phoneDigits(value: string, max = 14): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/**
 * The digits laid into the mask; a separator is shown only once a digit follows it, digits beyond
 * the mask's places are added at the end.
 * @example applyPhoneMask('(###) ###-##-##', '91234') // '(912) 34'
 */
export function applyPhoneMask(mask: string | null, digits: string): string {
  if (!mask) return digits;
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === '#') {
      out += digits[next];
      next += 1;
    } else {
      out += char;
    }
  }
  return out + digits.slice(next);
}

/** Whether the number has as many digits as the country's numbers have. */
export function isPhoneComplete(country: Pick<PhoneCountry, 'min' | 'max'>, digits: string): boolean {
  return digits.length >= country.min && digits.length <= country.max;
}

/** The list without the server's answers yet: the forms' countries, no mask, any length. */
export const FALLBACK_PHONE_COUNTRIES: readonly PhoneCountry[] = COUNTRIES.map((c) => ({
  id: c.id,
  code: c.code,
  name: null,
  telCode: c.phoneCode,
  mask: null,
  min: 4,
  max: 14,
}));

interface CountryItem {
  id: number;
  name: string;
  country_code: string;
  tel_code: string;
}
interface MaskItem {
  CountryId: number;
  Mask: string;
  Min: number;
  Max: number;
}

/** Merges the two lists: each country with its mask (a country without one takes any 4 to 14 digits). */
export function phoneCountriesFrom(
  countries: readonly CountryItem[],
  masks: readonly MaskItem[],
): PhoneCountry[] {
  return countries.map((c) => {
    const mask = masks.find((m) => m.CountryId === c.id);
    return {
      id: c.id,
      code: c.country_code,
      name: c.name,
      telCode: c.tel_code,
      mask: mask?.Mask ?? null,
      min: mask?.Min ?? 4,
      max: mask?.Max ?? 14,
    };
  });
}

const loaded = new Map<string, Promise<PhoneCountry[] | null>>();

function loadPhoneCountries(lng: string): Promise<PhoneCountry[] | null> {
  let pending = loaded.get(lng);
  if (!pending) {
    pending = Promise.all([
      callApi<{ items: CountryItem[] }>(`/web-api/auth/v1/phone/countries?lang=${encodeURIComponent(lng)}`),
      callApi<{ items: MaskItem[] }>('/web-api/auth/v1/phone/masks'),
    ]).then(([countries, masks]) => {
      if (!countries.ok || !masks.ok) {
        loaded.delete(lng);
        return null;
      }
      return phoneCountriesFrom(countries.data.items, masks.data.items);
    });
    loaded.set(lng, pending);
  }
  return pending;
}

/** The phone countries with their masks; the fallback list until they are loaded (and on the server). */
export function usePhoneCountries(lng: string): readonly PhoneCountry[] {
  const [countries, setCountries] = useState<readonly PhoneCountry[]>(FALLBACK_PHONE_COUNTRIES);
  useEffect(() => {
    let live = true;
    void loadPhoneCountries(lng).then((list) => {
      if (live && list && list.length > 0) setCountries(list);
    });
    return () => {
      live = false;
    };
  }, [lng]);
  return countries;
}

/** The country of a calling code ("+7" or "7"), preferring the given country id. */
export function countryOfPhoneCode(
  countries: readonly PhoneCountry[],
  phoneCode: string | null,
  preferredId: number | null = null,
): PhoneCountry | null {
  const code = phoneCode ? `+${phoneCode.replace(/^\+/, '')}` : null;
  const matching = countries.filter((c) => c.telCode === code);
  return matching.find((c) => c.id === preferredId) ?? matching[0] ?? null;
}
