/**
 * Payment requests (site-shell §2 office payment/requests and payment/create-request…): the
 * player's requests and the topics to start one; a topic's sub-topics and its transactions (the
 * player's payments of the topic's direction); one transaction with its details (full details
 * under the secure-data grant) and the request form; a sub-topic's request form.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { formatDateTime as when } from '@parlay/mf/clock.ts';
import { notify } from '@parlay/mf/host-api.ts';
import { Button, Field, Skeleton } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Money.module.css';
import { call, newKey, type Paged, type PaymentEntry } from './money-api.ts';
import { SecureDetails } from './SecureDetails.tsx';

export interface RequestTopic {
  id: number;
  code: string;
  direction: 'deposit' | 'withdrawal' | null;
  subtopics: { id: number; code: string }[];
}

interface PaymentRequestEntry {
  id: string;
  topicCode: string;
  subtopicCode: string | null;
  paymentId: string | null;
  message: string;
  state: string;
  createdAt: string;
}

const BASE = (lng: string) => `/${lng}/office/payment`;

function useTopics(): RequestTopic[] | null {
  const [topics, setTopics] = useState<RequestTopic[] | null>(null);
  useEffect(() => {
    void call<{ topics: RequestTopic[] }>('/web-api/payments/v1/request-topics').then((a) =>
      setTopics(a.ok ? a.data.topics : []),
    );
  }, []);
  return topics;
}

function TopicLinks({ topics, lng }: { topics: RequestTopic[]; lng: string }) {
  const t = useT('office-money');
  return (
    <nav aria-label={t('requests.topics')}>
      <ul className={styles.accounts}>
        {topics.map((topic) => (
          <li key={topic.id} className={styles.accountRow}>
            <a href={`${BASE(lng)}/create-request/${topic.id}`}>{t(`requests.topic.${topic.code}`)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /office/payment/requests: the player's requests and the topics to start one. */
export function PaymentRequestsPage({ lng }: { lng: string }) {
  const t = useT('office-money');
  const clock = useOfficeClock();
  const topics = useTopics();
  const [requests, setRequests] = useState<Paged<PaymentRequestEntry> | null>(null);
  useEffect(() => {
    void call<Paged<PaymentRequestEntry>>('/web-api/payments/v1/requests').then((a) =>
      setRequests(a.ok ? a.data : { entities: [], total_count: 0 }),
    );
  }, []);
  return (
    <>
      <section className={styles.card} aria-labelledby="new-request-heading">
        <h2 id="new-request-heading" className={styles.sectionTitle}>
          {t('requests.create')}
        </h2>
        {topics === null ? <Skeleton height="96px" /> : <TopicLinks topics={topics} lng={lng} />}
      </section>
      <section className={styles.card} aria-labelledby="requests-list-heading">
        <h2 id="requests-list-heading" className={styles.sectionTitle}>
          {t('requests.mine')}
        </h2>
        {requests === null ? (
          <Skeleton height="96px" />
        ) : requests.entities.length === 0 ? (
          <p className={styles.muted}>{t('requests.none')}</p>
        ) : (
          <table className={styles.table}>
            <caption className={styles.muted}>{t('requests.total', { count: requests.total_count })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('requests.topic_column')}</th>
                <th scope="col">{t('requests.message')}</th>
                <th scope="col">{t('historypay.state')}</th>
              </tr>
            </thead>
            <tbody>
              {requests.entities.map((r) => (
                <tr key={r.id}>
                  <td>{when(r.createdAt, lng, clock)}</td>
                  <td>
                    {t(`requests.topic.${r.topicCode}`)}
                    {r.subtopicCode ? ` · ${t(`requests.topic.${r.subtopicCode}`)}` : ''}
                  </td>
                  <td>{r.message}</td>
                  <td>{t(`requests.state.${r.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function useTopic(topicId: string | undefined) {
  const topics = useTopics();
  const topic = topics?.find((x) => String(x.id) === topicId) ?? null;
  return { loading: topics === null, topic };
}

function UnknownTopic({ lng }: { lng: string }) {
  const t = useT('office-money');
  return (
    <section className={styles.card}>
      <p role="alert">{t('requests.unknown_topic')}</p>
      <a href={`${BASE(lng)}/requests`}>{t('requests.back')}</a>
    </section>
  );
}

/** /office/payment/create-request/{topicId}: the topic's sub-topics and a way to its transactions. */
export function CreateRequestPage({ lng, topicId }: { lng: string; topicId: string | undefined }) {
  const t = useT('office-money');
  const { loading, topic } = useTopic(topicId);
  if (loading) return <Skeleton height="160px" />;
  if (!topic) return <UnknownTopic lng={lng} />;
  const base = `${BASE(lng)}/create-request/${topic.id}`;
  return (
    <section className={styles.card} aria-labelledby="topic-heading">
      <h2 id="topic-heading" className={styles.sectionTitle}>
        {t(`requests.topic.${topic.code}`)}
      </h2>
      <p className={styles.muted}>{t('requests.choose_subtopic')}</p>
      <ul className={styles.accounts}>
        {topic.subtopics.map((s) => (
          <li key={s.id} className={styles.accountRow}>
            <a href={`${base}/${s.id}`}>{t(`requests.topic.${s.code}`)}</a>
          </li>
        ))}
      </ul>
      {topic.direction ? (
        <p>
          <a href={`${base}/transactions`}>{t(`requests.choose_transaction_${topic.direction}`)}</a>
        </p>
      ) : null}
    </section>
  );
}

/** /office/payment/create-request/{topicId}/transactions: the player's payments of the topic's direction. */
export function TopicTransactionsPage({ lng, topicId }: { lng: string; topicId: string | undefined }) {
  const t = useT('office-money');
  const fmt = useFormat();
  const clock = useOfficeClock();
  const { loading, topic } = useTopic(topicId);
  const [payments, setPayments] = useState<PaymentEntry[] | null>(null);
  useEffect(() => {
    if (!topic?.direction) return;
    void call<Paged<PaymentEntry>>(
      `/web-api/payments/v1/payments?direction=${topic.direction}&pageSize=50`,
    ).then((a) => setPayments(a.ok ? a.data.entities : []));
  }, [topic?.direction]);
  if (loading) return <Skeleton height="160px" />;
  if (!topic) return <UnknownTopic lng={lng} />;
  if (!topic.direction)
    return (
      <section className={styles.card}>
        <p className={styles.muted}>{t('requests.no_transactions')}</p>
      </section>
    );
  return (
    <section className={styles.card} aria-labelledby="transactions-heading">
      <h2 id="transactions-heading" className={styles.sectionTitle}>
        {t(`requests.choose_transaction_${topic.direction}`)}
      </h2>
      {payments === null ? (
        <Skeleton height="96px" />
      ) : payments.length === 0 ? (
        <p className={styles.muted}>{t('history.empty')}</p>
      ) : (
        <ul className={styles.accounts}>
          {payments.map((p) => (
            <li key={p.id} className={styles.accountRow}>
              <a
                href={`${BASE(lng)}/create-request/${topic.id}/transactions/${p.id}`}
                aria-label={t('requests.transaction_label', {
                  amount: fmt.moneyAmount(p.amount, p.currency),
                  date: when(p.createdAt, lng, clock),
                })}
              >
                {when(p.createdAt, lng, clock)} · {fmt.moneyAmount(p.amount, p.currency)}
              </a>
              <span className={styles.badge}>{t(`state.${p.state}`, { defaultValue: p.state })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestForm({
  lng,
  topic,
  subtopicId,
  paymentId,
}: {
  lng: string;
  topic: RequestTopic;
  subtopicId: number | null;
  paymentId: string | null;
}) {
  const t = useT('office-money');
  const [subtopic, setSubtopic] = useState<number | null>(subtopicId ?? topic.subtopics[0]?.id ?? null);
  const [message, setMessage] = useState('');
  const [key] = useState(() => newKey('req'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <p role="status" className={styles.result}>
        {t('requests.sent')} <a href={`${BASE(lng)}/requests`}>{t('requests.mine')}</a>
      </p>
    );
  const submit = async () => {
    if (message.trim() === '') return setError('requests.message_required');
    setBusy(true);
    setError(null);
    const answer = await call('/web-api/payments/v1/requests', {
      body: { topicId: topic.id, subtopicId: subtopic, paymentId, message: message.trim() },
      headers: { 'idempotency-key': key },
    });
    setBusy(false);
    if (!answer.ok) return setError(`errors.${answer.code}`);
    notify({ kind: 'success', text: t('requests.sent') });
    setSent(true);
  };
  return (
    <form
      className={styles.stack}
      aria-labelledby="request-form-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="request-form-heading" className={styles.sectionTitle}>
        {t('requests.form_title')}
      </h2>
      {subtopicId === null && topic.subtopics.length > 0 ? (
        <Field className={styles.field}>
          <label htmlFor="request-subtopic">{t('requests.subtopic')}</label>
          <select
            id="request-subtopic"
            value={subtopic ?? ''}
            onChange={(e) => setSubtopic(Number(e.target.value))}
          >
            {topic.subtopics.map((s) => (
              <option key={s.id} value={s.id}>
                {t(`requests.topic.${s.code}`)}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field className={styles.field}>
        <label htmlFor="request-message">{t('requests.message')}</label>
        <textarea
          id="request-message"
          name="message"
          rows={5}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby="request-hint"
        />
        <span
          id="request-hint"
          className={error ? styles.error : styles.muted}
          role={error ? 'alert' : undefined}
        >
          {error ? t(error, { defaultValue: t('errors.generic') }) : t('requests.message_hint')}
        </span>
      </Field>
      <Button type="submit" variant="primary" disabled={busy}>
        {t('requests.submit')}
      </Button>
    </form>
  );
}

/** /office/payment/create-request/{topicId}/transactions/{transactionId}: one payment and the form. */
export function TransactionRequestPage({
  lng,
  topicId,
  transactionId,
}: {
  lng: string;
  topicId: string | undefined;
  transactionId: string | undefined;
}) {
  const { loading, topic } = useTopic(topicId);
  if (loading) return <Skeleton height="240px" />;
  if (!topic || !transactionId) return <UnknownTopic lng={lng} />;
  return (
    <>
      <SecureDetails paymentId={transactionId} lng={lng} />
      <section className={styles.card}>
        <RequestForm lng={lng} topic={topic} subtopicId={null} paymentId={transactionId} />
      </section>
    </>
  );
}

/** /office/payment/create-request/{topicId}/{subTopicId}: the form for a sub-topic. */
export function SubtopicRequestPage({
  lng,
  topicId,
  subTopicId,
}: {
  lng: string;
  topicId: string | undefined;
  subTopicId: string | undefined;
}) {
  const t = useT('office-money');
  const { loading, topic } = useTopic(topicId);
  if (loading) return <Skeleton height="200px" />;
  const subtopic = topic?.subtopics.find((s) => String(s.id) === subTopicId);
  if (!topic || !subtopic) return <UnknownTopic lng={lng} />;
  return (
    <section className={styles.card}>
      <p className={styles.muted}>
        {t(`requests.topic.${topic.code}`)} · {t(`requests.topic.${subtopic.code}`)}
      </p>
      <RequestForm lng={lng} topic={topic} subtopicId={subtopic.id} paymentId={null} />
    </section>
  );
}
