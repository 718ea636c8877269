import { describe, expect, it } from 'vitest';
import {
  applyPhoneMask,
  countryOfPhoneCode,
  isPhoneComplete,
  phoneCountriesFrom,
  phoneDigits,
} from './phone-mask.ts';

describe('phone masks', () => {
  it.each([
    ['(###) ###-##-##', '', ''],
    ['(###) ###-##-##', '9', '(9'],
    ['(###) ###-##-##', '912', '(912'],
    ['(###) ###-##-##', '9123', '(912) 3'],
    ['(###) ###-##-##', '9123456789', '(912) 345-67-89'],
    ['(##) ###-##-##', '291234567', '(29) 123-45-67'],
    ['### ########', '15112345678', '151 12345678'],
    ['#### ######', '7911123456', '7911 123456'],
    ['### ###', '1234567', '123 4567'],
    [null, '12345', '12345'],
  ])('%s with %s → %s', (mask, digits, shown) => {
    expect(applyPhoneMask(mask, digits)).toBe(shown);
  });

  it('keeps only digits, at most the longest number', () => {
    expect(phoneDigits('(912) 345-67-89 ext', 10)).toBe('9123456789');
    expect(phoneDigits('+7 912 345 67 89 1', 10)).toBe('7912345678');
  });

  it('checks the length against Min and Max', () => {
    const de = { min: 10, max: 11 };
    expect(isPhoneComplete(de, '151123456')).toBe(false);
    expect(isPhoneComplete(de, '1511234567')).toBe(true);
    expect(isPhoneComplete(de, '15112345678')).toBe(true);
    expect(isPhoneComplete(de, '151123456789')).toBe(false);
  });

  it('merges the countries and masks lists', () => {
    const list = phoneCountriesFrom(
      [
        { id: 1, name: 'Russia', country_code: 'ru', tel_code: '+7' },
        { id: 2, name: 'Kazakhstan', country_code: 'kz', tel_code: '+7' },
        { id: 9, name: 'Elsewhere', country_code: 'xx', tel_code: '+999' },
      ],
      [
        { CountryId: 1, Mask: '(###) ###-##-##', Min: 10, Max: 10 },
        { CountryId: 2, Mask: '### ### ## ##', Min: 10, Max: 10 },
      ],
    );
    expect(list[0]).toEqual({
      id: 1,
      code: 'ru',
      name: 'Russia',
      telCode: '+7',
      mask: '(###) ###-##-##',
      min: 10,
      max: 10,
    });
    expect(list[2]).toMatchObject({ mask: null, min: 4, max: 14 });
    expect(countryOfPhoneCode(list, '+7')?.id).toBe(1);
    expect(countryOfPhoneCode(list, '7', 2)?.id).toBe(2);
    expect(countryOfPhoneCode(list, '+44')).toBeNull();
  });
});
