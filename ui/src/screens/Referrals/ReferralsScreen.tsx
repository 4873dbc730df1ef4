import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import {
  createReferral,
  editReferral,
  referrals,
  ReferralDescriptionSchema,
  type Referral,
} from '@brnd/contracts/api/referrals';
import type { ApiClient } from '@brnd/contracts/api/client';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import {
  COPIED_MESSAGE_DURATION_MS,
  REFERRAL_REWARD_BRAND_BRND,
  REFERRAL_REWARD_USER_BRND,
  REFERRAL_SALE_SHARE,
} from '@brnd/contracts/domain/constants';
import { REFERRAL_TARGETS, type ReferralTarget } from '@brnd/contracts/domain/referrals';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { referralLink } from '../Success/SuccessScreen.tsx';
import styles from './ReferralsScreen.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

export function referralsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['referrals'],
    queryFn: async () => (await api.call(referrals)).orders.rows,
  });
}

export function useEditReferralMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof editReferral>) => api.call(editReferral, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['referrals'] }),
  });
}

export function useCreateReferralMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof createReferral>) => api.call(createReferral, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['referrals'] }),
  });
}

type CopyState = { code: string; outcome: 'copied' | 'failed' } | null;

/** The referrals tab: the user's links with their counts, copy, edit and 'add a new link'. */
export function ReferralsScreen() {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(referralsQueryOptions(api));
  const [editing, setEditing] = useState<Referral | null>(null);
  const [creating, setCreating] = useState(false);
  const [copy, setCopy] = useState<CopyState>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copyLink = async (code: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(referralLink(window.location.origin, code));
      setCopy({ code, outcome: 'copied' });
    } catch {
      setCopy({ code, outcome: 'failed' });
    }
    timer.current = setTimeout(() => setCopy(null), COPIED_MESSAGE_DURATION_MS);
  };

  const number = (value: number) => intl.formatNumber(Math.floor(value));

  let body;
  if (query.isPending) {
    body = <Spinner size="large" label={intl.formatMessage({ id: 'referrals.loading' })} />;
  } else if (query.isError) {
    body = (
      <div className={styles.failed}>
        <Alert variant="danger">{intl.formatMessage({ id: 'referrals.fetchFailed' })}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {intl.formatMessage({ id: 'referrals.retry' })}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = <p>{intl.formatMessage({ id: 'referrals.empty' })}</p>;
  } else {
    body = (
      <TableScroll
        label={intl.formatMessage({ id: 'referrals.table.caption' })}
        className={styles.scroll}
      >
        <table className={styles.table}>
          <caption className="visually-hidden">
            {intl.formatMessage({ id: 'referrals.table.caption' })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'referrals.table.link' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'referrals.table.description' })}</th>
              <th scope="col" className={styles.number}>
                {intl.formatMessage({ id: 'referrals.table.clicks' })}
              </th>
              <th scope="col" className={styles.number}>
                {intl.formatMessage({ id: 'referrals.table.signups' })}
              </th>
              <th scope="col" className={styles.number}>
                {intl.formatMessage({ id: 'referrals.table.tokens' })}
              </th>
              <th scope="col">{intl.formatMessage({ id: 'referrals.table.options' })}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((row) => (
              <tr key={row.code}>
                <td className={styles.link}>{referralLink(window.location.origin, row.code)}</td>
                <td className={styles.description}>
                  {row.description || (
                    <span className={styles.muted}>
                      {intl.formatMessage({ id: 'referrals.table.noDescription' })}
                    </span>
                  )}
                </td>
                <td className={styles.number}>{number(row.clicks)}</td>
                <td className={styles.number}>{number(row.signups)}</td>
                <td className={styles.number}>{number(row.tokens)}</td>
                <td>
                  <div className={styles.options}>
                    <Button variant="secondary" onClick={() => void copyLink(row.code)}>
                      {intl.formatMessage({ id: 'referrals.copy' }, { code: row.code })}
                    </Button>
                    <Button variant="ghost" onClick={() => setEditing(row)}>
                      {intl.formatMessage({ id: 'referrals.edit' }, { code: row.code })}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby="referrals-banner">
      <div className={styles.banner}>
        <h2 id="referrals-banner">{intl.formatMessage({ id: 'referrals.banner.title' })}</h2>
        <p>
          {intl.formatMessage(
            { id: 'referrals.banner.text' },
            {
              userReward: REFERRAL_REWARD_USER_BRND,
              brandReward: REFERRAL_REWARD_BRAND_BRND,
              saleShare: REFERRAL_SALE_SHARE,
            },
          )}
        </p>
      </div>
      <div className={styles.toolbar}>
        <Button onClick={() => setCreating(true)}>
          {intl.formatMessage({ id: 'referrals.addLink' })}
        </Button>
      </div>
      {body}
      <p role="status" className={styles.status}>
        {copy?.outcome === 'copied' && intl.formatMessage({ id: 'referrals.copied' })}
        {copy?.outcome === 'failed' && intl.formatMessage({ id: 'referrals.copyFailed' })}
      </p>
      {editing && <EditDialog referral={editing} onClose={() => setEditing(null)} />}
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

function descriptionError(description: string): string | undefined {
  const result = v.safeParse(ReferralDescriptionSchema, description);
  return result.success ? undefined : result.issues[0].message;
}

function EditDialog({ referral, onClose }: { referral: Referral; onClose(): void }) {
  const intl = useIntl();
  return (
    <DescriptionDialog
      formId="referral-edit"
      title={intl.formatMessage({ id: 'referrals.editTitle' })}
      text={referralLink(window.location.origin, referral.code)}
      submitLabel={intl.formatMessage({ id: 'referrals.save' })}
      successId="referrals.descriptionUpdated"
      initialDescription={referral.description}
      mutation={useEditReferralMutation()}
      toVariables={(description) => ({ code: referral.code, description })}
      onClose={onClose}
    />
  );
}

function CreateDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const [target, setTarget] = useState<ReferralTarget>('register');
  return (
    <DescriptionDialog
      formId="referral-create"
      title={intl.formatMessage({ id: 'referrals.createTitle' })}
      text={intl.formatMessage({ id: 'referrals.createText' })}
      submitLabel={intl.formatMessage({ id: 'referrals.create' })}
      successId="referrals.created"
      initialDescription=""
      mutation={useCreateReferralMutation()}
      toVariables={(description) => ({ description, target })}
      onClose={onClose}
    >
      <fieldset className={styles.targets}>
        <legend>{intl.formatMessage({ id: 'referrals.targetLabel' })}</legend>
        {REFERRAL_TARGETS.map((option) => (
          <label key={option} className={styles.target}>
            <input
              type="radio"
              name="target"
              value={option}
              checked={target === option}
              onChange={() => setTarget(option)}
            />
            {intl.formatMessage({ id: `referrals.targets.${option}` })}
          </label>
        ))}
      </fieldset>
    </DescriptionDialog>
  );
}

interface DescriptionDialogProps<Variables> {
  formId: string;
  title: string;
  text: string;
  submitLabel: string;
  /** The toast shown once saved. */
  successId: string;
  initialDescription: string;
  mutation: UseMutationResult<unknown, Error, Variables>;
  toVariables(description: string): Variables;
  onClose(): void;
  /** Fields after the description. */
  children?: ReactNode;
}

/** A link's description in a modal form: checked here first, then by the server. */
function DescriptionDialog<Variables>({
  formId,
  title,
  text,
  submitLabel,
  successId,
  initialDescription,
  mutation,
  toVariables,
  onClose,
  children,
}: DescriptionDialogProps<Variables>) {
  const intl = useIntl();
  const toast = useToast();
  const showError = useApiErrorToast();
  const [description, setDescription] = useState(initialDescription);
  const [errorId, setErrorId] = useState<string>();
  const fieldError = errorId ?? serverFieldErrors(mutation.error)?.description;

  const submit = () => {
    const invalid = descriptionError(description);
    setErrorId(invalid);
    if (invalid) return;
    mutation.mutate(toVariables(description), {
      onSuccess: () => {
        toast.success(intl.formatMessage({ id: successId }));
        onClose();
      },
      onError: (error) => {
        if (!serverFieldErrors(error)) showError(error);
      },
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={text}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage({ id: 'referrals.cancel' })}
          </Button>
          <Button type="submit" form={formId} disabled={mutation.isPending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={intl.formatMessage({ id: 'referrals.descriptionLabel' })}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={fieldError && intl.formatMessage({ id: fieldError })}
        />
        {children}
      </form>
    </Modal>
  );
}
