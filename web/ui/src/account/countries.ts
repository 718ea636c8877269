/** Countries offered in the forms: id (the server's country id), ISO code, calling code, currency. */
export interface Country {
  id: number;
  code: string;
  phoneCode: string;
  currency: string;
}

export const COUNTRIES: readonly Country[] = [
  { id: 1, code: 'ru', phoneCode: '+7', currency: 'RUB' },
  { id: 2, code: 'kz', phoneCode: '+7', currency: 'KZT' },
  { id: 3, code: 'ua', phoneCode: '+380', currency: 'UAH' },
  { id: 4, code: 'by', phoneCode: '+375', currency: 'RUB' },
  { id: 5, code: 'uz', phoneCode: '+998', currency: 'USD' },
  { id: 6, code: 'gb', phoneCode: '+44', currency: 'EUR' },
  { id: 7, code: 'de', phoneCode: '+49', currency: 'EUR' },
  { id: 8, code: 'us', phoneCode: '+1', currency: 'USD' },
];

export const DEFAULT_CURRENCIES = ['RUB', 'USD', 'EUR', 'UAH', 'KZT'] as const;

export const countryById = (id: number): Country => COUNTRIES.find((c) => c.id === id) ?? COUNTRIES[0]!;
