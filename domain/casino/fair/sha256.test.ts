import { describe, expect, it } from 'vitest';
import { fromHex, toHex, utf8 } from './encoding.ts';
import { HmacSha256, hmacSha256, sha256 } from './sha256.ts';

/** The vectors of FIPS 180-4 (examples) and the NIST SHA-256 short/long message set. */
const fipsVectors: readonly [string, string][] = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [
    'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  ],
  [
    'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
    'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
  ],
];

/** RFC 4231 §4.2–4.8: key hex, data hex, HMAC-SHA-256 (case 5 is compared on its first 16 bytes). */
const rfc4231: readonly [string, string, string][] = [
  [
    '0b'.repeat(20),
    toHex(utf8('Hi There')),
    'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  ],
  [
    toHex(utf8('Jefe')),
    toHex(utf8('what do ya want for nothing?')),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  ],
  ['aa'.repeat(20), 'dd'.repeat(50), '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe'],
  [
    '0102030405060708090a0b0c0d0e0f10111213141516171819',
    'cd'.repeat(50),
    '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  ],
  ['0c'.repeat(20), toHex(utf8('Test With Truncation')), 'a3b6167473100ee06e0c796c2955552b'],
  [
    'aa'.repeat(131),
    toHex(utf8('Test Using Larger Than Block-Size Key - Hash Key First')),
    '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  ],
  [
    'aa'.repeat(131),
    toHex(
      utf8(
        'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      ),
    ),
    '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  ],
];

/**
 * Lengths around the padding boundaries (55/56/64/119/120/128 bytes); message byte i of length n is
 * (131·i + 7·n) mod 251, key byte i is (17·i + n) mod 256 with 3n mod 150 bytes. The digests were
 * computed with Python's hashlib and hmac (the domain may not import node:crypto, not even in tests).
 */
const generated: readonly [number, string, string][] = [
  [
    0,
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    'b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad',
  ],
  [
    1,
    'ca358758f6d27e6cf45272937977a748fd88391db679ceda7dc7bf1f005ee879',
    '412997d7ada46dce37e1557d7bfadc601f5aeb3139b400b6266c32d407f03e95',
  ],
  [
    3,
    'a25e97801e595e8f08bcaa0381fc1b5146413f24db00739530ae8e2fa5b8165c',
    '4c539ce464cf1fcd97846d669683b5f507bbbb67188a62b8578905ebf4572f3d',
  ],
  [
    31,
    'f4c8482b22ba5c89b4735ce7a86d9f581a4a2402b5bee2a388d0f5b3fd407161',
    '8ad44da406fb20aa278618bb5e6d28f35e39e9e86f4c5b3ae154ce63dabd940c',
  ],
  [
    32,
    '71a60f67ff3a00668b228d9cc85dde525946ce9beae188422c33e5df3ec7e39a',
    'ffc1fbf1750f57d729d4644230933a9fe8fa171bcf7a160c47feaf3bf2602cf0',
  ],
  [
    55,
    '444c7c8c59ac10f14f7f4c704f188354b63877f409a06c1aa1b759c08c7b03ee',
    'ff31d8a0bffbf3ee8a86b71e9b4ca53ebb083d7580ad005b7bbdceb6b7987fa4',
  ],
  [
    56,
    '4bb08ff57a52ffc6fb48977277f45fdc80ca386dfcca26449b5f37009471f912',
    '3c53e937e87b9ef79e7f4ab921d8979413d8face81c8e0a991ea6c0b6c38c1c7',
  ],
  [
    57,
    '46a46619a432f6a3e04e7ceeeb40a1e78a938928440d92d53c5a6e38a3261633',
    'c1af7fb99d8967f973579ea62f0f7134274910414356c8db82c7bdc2bca96578',
  ],
  [
    63,
    'c228dfcebd9798ea09aacd0b77f2d39b67d9fb9147abede7e21b214b48a1a819',
    '7e2debd9b401e3f44711991aff48f6382861818ed81aa5646ee01a500179bf9c',
  ],
  [
    64,
    'c2066492955d2a2b8bb12a7131a342bd65d0106391208993668d766c513b89a8',
    'ac718322df0aa517e947d4506edff98cd7de3a8fbdeecd966e21c240961b4788',
  ],
  [
    65,
    '8991de535fef091fa096d465bd01d96e3e5a1f4db4df7b779e4bc004e9c8eeb2',
    'a1d831593731efd664b2d6c18aa737331e17fa481e742ae67b8d9432d83e6572',
  ],
  [
    100,
    'fd407844d06fb2078ea91a7f992478489e382129f6a3315bef6d07e3d10ade95',
    'aa4393011ba171cc6058e9c59e3b44f3f41267ed5b3300ddfa32418eb8f8b4c4',
  ],
  [
    119,
    'ebf9bed3f16782c9ebf43ae5afbc58fd909d275fc4453a86cc4478e86e2f1f5a',
    'b98e9efb5aece803e833222879da3e60472394387d06a5c47c51d5de75c3080d',
  ],
  [
    120,
    'f60e2666015bddb47bee23ea99474e6f66a79ea365fa58dd3dbc47d9c0a8f3b7',
    'd28b14d4865ea902c7ceba0787e291918c198037950a4cd24f04f0e7a99db8e3',
  ],
  [
    127,
    '10af5f2e17ab9688daae6bf2cac0c0a06104308b055d7eb2e93a4de65d3ee664',
    'aa84723de46dcde7fe19230fe8b8890c2e764e18b8f02e6564449e9d2c504bc8',
  ],
  [
    128,
    '968985dd600675164c00e9a54154e55c39b81e5420b155db7354dcae011e4417',
    '3a793de3ba66373f7b54f47699fe8608ecc797a1369ab626cae3119406e7f32e',
  ],
  [
    129,
    'b9df30f4350c8d4c8288cb4ec7c46edfba1abe28c9cafb0e2dc1ca7662ea2923',
    '428a8818cedcabcd914956615779b3ab7e5c84696305b8d21a0b543880dac344',
  ],
  [
    200,
    'a41c68a06176596f3814ddb547670c1d009e3478b249d80c52e136c00793b02c',
    '59eb69afe750509c15bc0da438b5f4e7dbb791b2dc915dcde8cd2c8f2424ef17',
  ],
  [
    1000,
    '013dddce6753de693964597943d49d92540956fd1a639807b7ace055d8c64c0b',
    '622b4c846f760cbcd6617d51be8462e6a47e0900e6bcbd11ffe5071e5515ced2',
  ],
];

function patterned(length: number, step: number, offset: number, modulus: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * step + offset) % modulus);
}

describe('sha256', () => {
  it.each(fipsVectors)('FIPS 180-4 vector %#', (text, digest) => {
    expect(toHex(sha256(utf8(text)))).toBe(digest);
  });

  it('hashes a million "a" (FIPS long message)', () => {
    expect(toHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it.each(generated)('matches hashlib at %i bytes', (length, digest) => {
    expect(toHex(sha256(patterned(length, 131, 7 * length, 251)))).toBe(digest);
  });
});

describe('hmacSha256', () => {
  it.each(rfc4231)('RFC 4231 test case %#', (key, data, mac) => {
    expect(toHex(hmacSha256(fromHex(key), fromHex(data))).slice(0, mac.length)).toBe(mac);
  });

  it.each(generated)('matches Python hmac at %i message bytes', (length, _digest, mac) => {
    const key = patterned((3 * length) % 150, 17, length, 256);
    expect(toHex(hmacSha256(key, patterned(length, 131, 7 * length, 251)))).toBe(mac);
  });

  it('gives the same MAC for every message when keyed once', () => {
    const keyed = new HmacSha256(utf8('Jefe'));
    const message = utf8('what do ya want for nothing?');
    expect(toHex(keyed.digest(message))).toBe(toHex(keyed.digest(message)));
    expect(toHex(keyed.digest(message))).toBe(rfc4231[1]![2]);
  });
});
