/**
 * Site configuration: the settings groups `parlay config get|set` manages, one group at a time, each
 * setting with its value and default. The admin changes a value (typed as JSON, checked by the
 * setting's schema on the server) or puts it back to the default; others read.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, Table } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { type Answer, call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import c from './Content.module.css';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

interface Setting {
  key: string;
  value: unknown;
  defaultValue: unknown;
}
interface Group {
  name: string;
  settings: Setting[];
}

const json = (value: unknown) => JSON.stringify(value);

export function ConfigSection({ me, lng }: { me: Me; lng: string }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const manage = me.actions.includes('settings.manage');
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [group, setGroup] = useState('main');
  const [editing, setEditing] = useState<{ key: string; text: string } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const inputId = useId();

  const load = useCallback(async () => {
    const answer = await call<{ groups: Group[] }>(`/config?lang=${lng}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setGroups(answer.data.groups);
  }, [lng]);
  useEffect(() => {
    void load();
  }, [load]);

  const done = async (answer: Answer<unknown>, text: string) => {
    leaveIfSignedOut(answer);
    setNotice(
      answer.ok ? { kind: 'success', text } : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    if (answer.ok) {
      setEditing(null);
      await load();
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    let value: unknown;
    try {
      value = JSON.parse(editing.text);
    } catch {
      setNotice({ kind: 'error', text: t('config.notJson') });
      return;
    }
    const path = `${group}.${editing.key}`;
    await done(await post('/config', { path, value }), t('config.saved', { path }));
  };

  const current = groups?.find((g) => g.name === group);
  return (
    <section className={styles.panel} aria-labelledby="bo-config">
      <h2 id="bo-config" className={styles.subheading}>
        {t('config.title')}
      </h2>
      <p className={styles.muted}>{manage ? t('config.lead') : t('config.readOnly')}</p>
      <div className={styles.inlineForm}>
        <SelectField
          label={t('config.group')}
          value={group}
          onChange={(e) => {
            setGroup(e.target.value);
            setEditing(null);
          }}
        >
          {(groups ?? [{ name: 'main', settings: [] }]).map((g) => (
            <option key={g.name} value={g.name}>
              {g.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
      {!current ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="config-settings">
            <caption className={styles.visuallyHidden}>{t('config.caption', { group })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('config.setting')}</th>
                <th scope="col">{t('config.value')}</th>
                <th scope="col">{t('config.default')}</th>
                {manage ? <th scope="col">{t('actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {current.settings.map((s) => (
                <tr key={s.key}>
                  <th scope="row">
                    <code>{s.key}</code>
                  </th>
                  <td className={c.value}>
                    {editing?.key === s.key ? (
                      <form onSubmit={save} className={styles.buttons}>
                        <label htmlFor={inputId} className={styles.visuallyHidden}>
                          {t('config.newValue', { path: `${group}.${s.key}` })}
                        </label>
                        <input
                          id={inputId}
                          className={c.jsonInput}
                          value={editing.text}
                          onChange={(e) => setEditing({ key: s.key, text: e.target.value })}
                          spellCheck={false}
                        />
                        <Button size="sm" type="submit" variant="primary">
                          {t('config.save')}
                        </Button>
                        <Button size="sm" onClick={() => setEditing(null)}>
                          {t('cancel')}
                        </Button>
                      </form>
                    ) : (
                      <code>{json(s.value)}</code>
                    )}
                  </td>
                  <td className={c.value}>
                    <code>{json(s.defaultValue)}</code>
                  </td>
                  {manage ? (
                    <td className={styles.actions}>
                      <div className={styles.buttons}>
                        <Button
                          size="sm"
                          aria-label={t('config.changeSetting', { key: s.key })}
                          onClick={() => setEditing({ key: s.key, text: json(s.value) })}
                        >
                          {t('config.change')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={t('config.resetSetting', { key: s.key })}
                          onClick={async () =>
                            done(
                              await post('/config/reset', { path: `${group}.${s.key}` }),
                              t('config.wasReset', { path: `${group}.${s.key}` }),
                            )
                          }
                        >
                          {t('config.reset')}
                        </Button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
