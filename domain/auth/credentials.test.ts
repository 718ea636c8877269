import { describe, expect, it } from 'vitest';
import {
  isCalendarDate,
  isOfAge,
  normalizeEmail,
  normalizePhone,
  PASSWORD_MAX_LENGTH,
  parseLogin,
  passwordProblem,
} from './credentials.ts';

describe('password length (8 to 128 characters, no composition rules)', () => {
  it.each([
    ['', 'too_short'],
    ['1234567', 'too_short'],
    ['12345678', null],
    ['aaaaaaaa', null],
    ['пароль12', null],
    ['🐴🐴🐴🐴🐴🐴🐴🐴', null],
    ['🐴🐴🐴🐴🐴🐴🐴', 'too_short'],
    ['x'.repeat(64), null],
    ['x'.repeat(PASSWORD_MAX_LENGTH), null],
    ['x'.repeat(PASSWORD_MAX_LENGTH + 1), 'too_long'],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe('e-mail', () => {
  it.each([
    [' Alice@Example.COM ', 'alice@example.com'],
    ['a@b.co', 'a@b.co'],
    ['no-at.example.com', null],
    ['a@b', null],
    ['a b@c.de', null],
    [`${'x'.repeat(250)}@e.com`, null],
  ])('%j → %j', (raw, email) => {
    expect(normalizeEmail(raw)).toBe(email);
  });
});

describe('phone', () => {
  it.each([
    ['+7', '(912) 345-67-89', { code: '7', number: '9123456789' }],
    ['44', '7700 900123', { code: '44', number: '7700900123' }],
    ['0', '9123456789', null],
    ['7', '123', null],
    ['1242', '12345678901', { code: '1242', number: '12345678901' }],
    ['1242', '123456789012', null],
    ['7', '91234a', null],
  ])('%s %s → %j', (code, number, phone) => {
    expect(normalizePhone(code, number)).toEqual(phone);
  });
});

describe('login identifier', () => {
  it.each([
    ['1234567890', { kind: 'account', accountNumber: 1234567890 }],
    [' bob@example.com', { kind: 'email', email: 'bob@example.com' }],
    ['0123456789', null],
    ['12345', null],
    ['', null],
  ])('%j → %j', (raw, login) => {
    expect(parseLogin(raw)).toEqual(login);
  });
});

describe('age and dates', () => {
  it.each([
    ['2008-05-10', '2026-05-10', true],
    ['2008-05-11', '2026-05-10', false],
    ['2008-02-29', '2026-02-28', false],
    ['2008-02-29', '2026-03-01', true],
    ['1950-01-01', '2026-01-01', true],
  ])('born %s, on %s of age: %s', (birth, today, ofAge) => {
    expect(isOfAge(birth, today)).toBe(ofAge);
  });
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['24-01-01', false],
  ])('%s is a date: %s', (value, ok) => {
    expect(isCalendarDate(value)).toBe(ok);
  });
});
