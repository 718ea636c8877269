import { describe, expect, it } from 'vitest';
import { appDictionaries } from './app-dictionaries.ts';

const files = (names: string[]) =>
  Object.fromEntries(
    names.flatMap((name) => [
      [`../dictionaries/en/${name}.json`, { title: 'Title' }],
      [`../dictionaries/ru/${name}.json`, { title: 'Заголовок' }],
    ]),
  );

describe('appDictionaries: the namespaces of the manifest', () => {
  it('loads the declared namespaces and the routes additions with the site ones', () => {
    const texts = appDictionaries({ name: 'demo', dictionaries: ['casino'] }, files(['casino', 'routes']));
    expect(texts.pick('ru', ['casino']).casino).toEqual({ title: 'Заголовок' });
    expect(texts.pick('en', ['routes']).routes).toMatchObject({ title: 'Title', frame: expect.any(Object) });
  });

  it('names a missing file and an undeclared one', () => {
    expect(() =>
      appDictionaries({ name: 'demo', dictionaries: ['casino', 'lotto'] }, files(['casino'])),
    ).toThrow('app demo: dictionaries/ru/lotto.json is missing');
    expect(() => appDictionaries({ name: 'demo', dictionaries: [] }, files(['casino']))).toThrow(
      'app demo: dictionaries/ru/casino.json is not a namespace of its manifest',
    );
  });
});
