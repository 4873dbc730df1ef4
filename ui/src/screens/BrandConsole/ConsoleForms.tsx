import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import type {
  BrandToken,
  PlanUsage,
  bulkGiveTokens,
  checkRedemption,
} from '@brnd/contracts/api/brand-tokens';
import type { EndpointResponse } from '@brnd/contracts/api/endpoint';
import { ApiError } from '@brnd/contracts/api/errors';
import {
  BULK_GIVE_CSV_TEMPLATE,
  BULK_GIVE_CSV_TEMPLATE_NAME,
  BULK_GIVE_MAX_ROWS,
  BrandTokenNameSchema,
  BrandTokenTickerSchema,
  GiveSchema,
  OfferDescriptionSchema,
  OfferTitleSchema,
  RedemptionCodeSchema,
  TokenAmountSchema,
} from '@brnd/contracts/domain/brand-tokens';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { FileDrop } from '../../components/FileDrop/FileDrop.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { ControlField } from '../../components/TextField/ControlField.tsx';
import fieldStyles from '../../components/TextField/TextField.module.css';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorId, serverFieldErrors } from '../shared/api-error.ts';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import {
  useBulkGiveMutation,
  useCheckRedemptionMutation,
  useCreateOfferMutation,
  useGiveTokensMutation,
  useIssueBrandTokenMutation,
} from '../shared/brand-token-queries.ts';
import { submitHandler, useInputProps, useServerFieldErrors } from '../shared/forms.ts';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import type { ConsoleData } from './BrandConsoleScreen.tsx';
import styles from './BrandConsole.module.css';

/** A link, not a script: the template downloads with JavaScript still loading or blocked. */
const CSV_TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(BULK_GIVE_CSV_TEMPLATE)}`;

type Translate = (id: string, values?: Record<string, string | number>) => string;

function useT(): Translate {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id: `brandTokens.${id}` }, values);
}

/** Shows a refusal the form cannot pin on a field, in the form, where the user is looking. */
function FormError({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error || serverFieldErrors(error)) return null;
  return <Alert variant="danger">{brandTokenErrorText(error, intl)}</Alert>;
}

/* ---------------------------------------------------------------- issue */

export const IssueFormSchema = v.object({
  name: BrandTokenNameSchema,
  ticker: BrandTokenTickerSchema,
  cap: TokenAmountSchema,
});

export function IssueTokenForm({
  brandId,
  plan,
  another = false,
  initial,
}: {
  brandId: number;
  plan: PlanUsage;
  another?: boolean;
  /** A failed token issued again keeps its name, ticker and cap. */
  initial?: BrandToken;
}) {
  const t = useT();
  const toast = useToast();
  const inputProps = useInputProps();
  const issue = useIssueBrandTokenMutation(brandId, initial);
  const supply = plan.usage.find((row) => row.limit === 'maxSupply');
  const planName = t(`plans.${plan.plan}`);
  const form = useForm({
    defaultValues: {
      name: initial?.name ?? '',
      ticker: initial?.ticker ?? '',
      cap: initial?.cap ? String(initial.cap) : supply?.max ? String(supply.max) : '',
    } as v.InferInput<typeof IssueFormSchema>,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: IssueFormSchema },
    onSubmit: ({ value }) =>
      issue.mutate(v.parse(IssueFormSchema, value), {
        onSuccess: ({ token }) =>
          toast.success(
            t(token.status === 'active' ? 'issue.issued' : 'issue.deploying', {
              ticker: token.ticker,
            }),
          ),
      }),
  });
  useServerFieldErrors(form, serverFieldErrors(issue.error));

  return (
    <Card title={t(another ? 'issue.another' : 'issue.title')}>
      <p>{t('issue.lead')}</p>
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.Field name="name">
          {(field) => <TextField {...inputProps(field)} label={t('issue.name')} />}
        </form.Field>
        <form.Field name="ticker">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={t('issue.ticker')}
              hint={t('issue.tickerHint')}
              autoComplete="off"
            />
          )}
        </form.Field>
        <form.Field name="cap">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={t('issue.cap')}
              inputMode="numeric"
              hint={
                supply?.max
                  ? t('issue.capHint', { plan: planName, max: supply.max })
                  : t('issue.capHintUnlimited', { plan: planName })
              }
            />
          )}
        </form.Field>
        <FormError error={issue.error} />
        <div className={screen.actions}>
          <Button type="submit" busy={issue.isPending}>
            {t('issue.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/* ---------------------------------------------------------------- give */

function activeTokens(data: ConsoleData): BrandToken[] {
  return data.tokens.filter((token) => token.status === 'active');
}

/** Which of the brand's tokens a form works on: a choice only when there are several. */
function TokenChoice({
  tokens,
  value,
  onChange,
}: {
  tokens: BrandToken[];
  value: string;
  onChange(id: string): void;
}) {
  const t = useT();
  if (tokens.length < 2) return null;
  return (
    <ControlField label={t('give.token')} error={undefined}>
      {(aria) => (
        <select
          {...aria}
          className={fieldStyles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {tokens.map((token) => (
            <option key={token.id} value={token.id}>
              {t('token.heading', { name: token.name, ticker: token.ticker })}
            </option>
          ))}
        </select>
      )}
    </ControlField>
  );
}

export function GiveSection({ data }: { data: ConsoleData }) {
  const t = useT();
  const tokens = activeTokens(data);
  const [tokenId, setTokenId] = useState(tokens[0]?.id ?? '');
  const token = tokens.find((candidate) => candidate.id === tokenId) ?? tokens[0];
  if (!token) return <Alert variant="info">{t('console.needsToken')}</Alert>;
  return (
    <>
      <TokenChoice tokens={tokens} value={token.id} onChange={setTokenId} />
      <div className={styles.grid}>
        <GiveForm key={`give-${token.id}`} token={token} />
        <BulkGive key={`bulk-${token.id}`} token={token} />
      </div>
    </>
  );
}

const GiveFormSchema = GiveSchema;

function GiveForm({ token }: { token: BrandToken }) {
  const t = useT();
  const toast = useToast();
  const inputProps = useInputProps();
  const give = useGiveTokensMutation(token.id);
  const form = useForm({
    defaultValues: { recipient: '', amount: '' } as v.InferInput<typeof GiveFormSchema>,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: GiveFormSchema },
    onSubmit: ({ value, formApi }) =>
      give.mutate(v.parse(GiveFormSchema, value), {
        onSuccess: ({ give: result }) => {
          toast.success(
            t(result.destination === 'ledger' ? 'give.givenLedger' : 'give.givenChain', {
              amount: result.amount,
              ticker: token.ticker,
              recipient: result.recipient,
            }),
          );
          formApi.reset();
        },
      }),
  });
  useServerFieldErrors(form, serverFieldErrors(give.error));

  return (
    <Card title={t('give.title')}>
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.Field name="recipient">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={t('give.recipient')}
              hint={t('give.recipientHint')}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </form.Field>
        <form.Field name="amount">
          {(field) => (
            <TextField {...inputProps(field)} label={t('give.amount')} inputMode="numeric" />
          )}
        </form.Field>
        <FormError error={give.error} />
        <div className={screen.actions}>
          <Button type="submit" busy={give.isPending}>
            {t('give.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

type BulkAnswer = EndpointResponse<typeof bulkGiveTokens>;

function BulkGive({ token }: { token: BrandToken }) {
  const intl = useIntl();
  const t = useT();
  const toast = useToast();
  const [file, setFile] = useState<File | undefined>();
  const [missingFile, setMissingFile] = useState(false);
  const [preview, setPreview] = useState<BulkAnswer | null>(null);
  const [applied, setApplied] = useState<BulkAnswer | null>(null);
  const bulk = useBulkGiveMutation(token.id);
  const previewId = useId();

  const choose = (next: File | undefined) => {
    setFile(next);
    setMissingFile(false);
    setPreview(null);
    setApplied(null);
    bulk.reset();
  };

  const check = () => {
    if (!file) {
      setMissingFile(true);
      return;
    }
    bulk.mutate({ file, apply: false }, { onSuccess: (answer) => setPreview(answer) });
  };

  const apply = () => {
    if (!file) return;
    bulk.mutate(
      { file, apply: true },
      {
        onSuccess: (answer) => {
          setApplied(answer);
          setPreview(null);
          toast.success(
            t('bulk.applied', { rows: answer.rows, total: answer.total, ticker: token.ticker }),
          );
        },
      },
    );
  };

  const fileError = missingFile ? t('bulk.chooseFirst') : serverFieldErrors(bulk.error)?.file;
  const errors = preview?.errors ?? [];

  return (
    <Card title={t('bulk.title')}>
      <p>
        {t('bulk.lead')}{' '}
        <a href={CSV_TEMPLATE_HREF} download={BULK_GIVE_CSV_TEMPLATE_NAME}>
          {t('bulk.template')}
        </a>
      </p>
      <FileDrop
        label={t('bulk.file')}
        accept=".csv,text/csv"
        file={file}
        onChange={choose}
        error={
          fileError && intl.messages[fileError] ? intl.formatMessage({ id: fileError }) : fileError
        }
        dropText={t('bulk.drop')}
        chooseText={t('bulk.choose')}
        removeText={t('bulk.remove')}
        chosenText={(chosen, size) => t('bulk.chosen', { name: chosen.name, size })}
      />
      {bulk.error && !serverFieldErrors(bulk.error) ? <FormError error={bulk.error} /> : null}
      <div className={screen.actions}>
        <Button variant="secondary" onClick={check} busy={bulk.isPending && !preview}>
          {t('bulk.check')}
        </Button>
      </div>
      {applied && (
        <Alert variant="success">
          {t('bulk.applied', { rows: applied.rows, total: applied.total, ticker: token.ticker })}
        </Alert>
      )}
      {preview && (
        <section aria-labelledby={previewId}>
          <h3 id={previewId}>{t('bulk.previewTitle')}</h3>
          <p>
            {t('bulk.summary', { rows: preview.rows, total: preview.total, ticker: token.ticker })}
          </p>
          {errors.length > 0 && (
            <Alert variant="danger" title={t('bulk.errorsTitle', { count: errors.length })}>
              <ul>
                {errors.map((error) => (
                  <li key={`${error.line}-${error.messageId}`}>
                    {t('bulk.errorLine', {
                      line: error.line,
                      message: intl.messages[error.messageId]
                        ? intl.formatMessage({ id: error.messageId }, { max: BULK_GIVE_MAX_ROWS })
                        : error.text,
                    })}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {preview.preview.length > 0 && (
            <div className={table.scroll}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('bulk.line')}</th>
                    <th scope="col">{t('bulk.recipient')}</th>
                    <th scope="col">{t('bulk.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.preview.map((row) => (
                    <tr key={row.line}>
                      <td>{intl.formatNumber(row.line)}</td>
                      <td className={table.long}>{row.recipient}</td>
                      <td>{intl.formatNumber(row.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.preview.length < preview.rows && (
            <p className={screen.muted}>{t('bulk.shown', { shown: preview.preview.length })}</p>
          )}
          {errors.length === 0 && preview.rows > 0 && (
            <div className={screen.actions}>
              <Button onClick={apply} busy={bulk.isPending}>
                {t('bulk.apply', { rows: preview.rows })}
              </Button>
            </div>
          )}
        </section>
      )}
    </Card>
  );
}

/* ---------------------------------------------------------------- offers */

const OfferFormSchema = v.object({
  title: OfferTitleSchema,
  description: OfferDescriptionSchema,
  price: TokenAmountSchema,
});

export function OffersSection({ data }: { data: ConsoleData }) {
  const intl = useIntl();
  const t = useT();
  const tokens = activeTokens(data);
  const [tokenId, setTokenId] = useState(tokens[0]?.id ?? '');
  const token = tokens.find((candidate) => candidate.id === tokenId) ?? tokens[0];
  return (
    <>
      <Card title={t('offers.title')}>
        {data.offers.length === 0 ? (
          <p className={screen.muted}>{t('offers.empty')}</p>
        ) : (
          <div className={table.scroll}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col">{t('offers.reward')}</th>
                  <th scope="col">{t('offers.priceColumn')}</th>
                  <th scope="col">{t('offers.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.offers.map((offer) => (
                  <tr key={offer.id}>
                    <th scope="row">
                      {offer.title}
                      {offer.description && <p className={screen.muted}>{offer.description}</p>}
                    </th>
                    <td>
                      {intl.formatMessage(
                        { id: 'brandTokens.offers.priceValue' },
                        { price: offer.price, ticker: offer.ticker },
                      )}
                    </td>
                    <td>{t(offer.active ? 'offers.active' : 'offers.ended')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <div className={styles.grid}>
        {token ? (
          <div>
            <TokenChoice tokens={tokens} value={token.id} onChange={setTokenId} />
            <CreateOfferForm key={token.id} token={token} />
          </div>
        ) : (
          <Alert variant="info">{t('console.needsToken')}</Alert>
        )}
        <CheckCodeForm brandId={data.brand.id} />
      </div>
    </>
  );
}

function CreateOfferForm({ token }: { token: BrandToken }) {
  const t = useT();
  const toast = useToast();
  const inputProps = useInputProps();
  const create = useCreateOfferMutation(token.id);
  const form = useForm({
    defaultValues: { title: '', description: '', price: '' } as v.InferInput<
      typeof OfferFormSchema
    >,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: OfferFormSchema },
    onSubmit: ({ value, formApi }) =>
      create.mutate(v.parse(OfferFormSchema, value), {
        onSuccess: ({ offer }) => {
          toast.success(t('offers.created', { title: offer.title }));
          formApi.reset();
        },
      }),
  });
  useServerFieldErrors(form, serverFieldErrors(create.error));
  return (
    <Card title={t('offers.createTitle')}>
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.Field name="title">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={t('offers.offerTitle')}
              hint={t('offers.offerTitleHint')}
            />
          )}
        </form.Field>
        <form.Field name="description">
          {(field) => <TextField {...inputProps(field)} label={t('offers.description')} />}
        </form.Field>
        <form.Field name="price">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={t('offers.price', { ticker: token.ticker })}
              inputMode="numeric"
            />
          )}
        </form.Field>
        <FormError error={create.error} />
        <div className={screen.actions}>
          <Button type="submit" busy={create.isPending}>
            {t('offers.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const CheckFormSchema = v.object({ code: RedemptionCodeSchema });
type CheckAnswer = EndpointResponse<typeof checkRedemption>;

function CheckCodeForm({ brandId }: { brandId: number }) {
  const intl = useIntl();
  const t = useT();
  const inputProps = useInputProps();
  const check = useCheckRedemptionMutation(brandId);
  const [answer, setAnswer] = useState<CheckAnswer | null>(null);
  const form = useForm({
    defaultValues: { code: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: CheckFormSchema },
    onSubmit: ({ value }) => {
      setAnswer(null);
      check.mutate(v.parse(CheckFormSchema, value), { onSuccess: setAnswer });
    },
  });
  const unknown =
    check.error instanceof ApiError && apiErrorId(check.error) === 'brandTokens.errors.unknownCode';
  return (
    <Card title={t('check.title')}>
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.Field name="code">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={t('check.code')}
              hint={t('check.codeHint')}
              autoComplete="off"
              spellCheck={false}
              className={styles.code}
            />
          )}
        </form.Field>
        <div className={screen.actions}>
          <Button type="submit" busy={check.isPending}>
            {t('check.submit')}
          </Button>
        </div>
      </form>
      {answer?.result === 'accepted' && (
        <Alert variant="success">
          {t('check.accepted', { offer: answer.redemption.offer.title })}
        </Alert>
      )}
      {answer?.result === 'used' && (
        <Alert variant="danger">
          {t('check.used', {
            offer: answer.redemption.offer.title,
            date: intl.formatDate(answer.redemption.used_at ?? undefined, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </Alert>
      )}
      {unknown && <Alert variant="danger">{t('check.unknown')}</Alert>}
      {check.error && !unknown ? <FormError error={check.error} /> : null}
    </Card>
  );
}
