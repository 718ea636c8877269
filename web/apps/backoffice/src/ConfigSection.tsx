/**
 * Site configuration: the settings groups `parlay config get|set` manages, one group at a time, each
 * setting with its value and default. The admin changes a value (typed as JSON, checked by the
 * setting's schema on the server) or puts it back to the default; others read.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, SelectField } from '@parlay/ui/index.ts';
import { type FormEvent, useId, useState } from 'react';
import { type Answer, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import c from './Content.module.css';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel, useDeskQuery, useNotice } from './desk.tsx';

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
  const manage = me.actions.includes('settings.manage');
  const { data, reload: load } = useDeskQuery<{ groups: Group[] }>(`/config?lang=${lng}`);
  const groups = data?.groups ?? null;
  const [group, setGroup] = useState('main');
  const [editing, setEditing] = useState<{ key: string; text: string } | null>(null);
  const { notice, setNotice, report } = useNotice();
  const inputId = useId();

  const done = async (answer: Answer<unknown>, text: string) => {
    if (report(answer, text)) {
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
    <Panel id="bo-config" title={t('config.title')} lead={manage ? t('config.lead') : t('config.readOnly')}>
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
      <NoticeLine notice={notice} />
      <DataTable
        rows={current?.settings}
        testId="config-settings"
        caption={t('config.caption', { group })}
        columns={[
          { label: t('config.setting') },
          { label: t('config.value') },
          { label: t('config.default') },
          manage && { label: t('actions') },
        ]}
        row={(s) => (
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
        )}
      />
    </Panel>
  );
}
