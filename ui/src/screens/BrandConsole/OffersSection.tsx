import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { checkRedemption, type BrandToken, type Offer } from '@brnd/contracts/api/brand-tokens';
import type { EndpointResponse } from '@brnd/contracts/api/endpoint';
import { isEndpointError } from '@brnd/contracts/api/errors';
import {
  OfferDescriptionSchema,
  OfferTitleSchema,
  RedemptionCodeSchema,
  TokenAmountSchema,
} from '@brnd/contracts/domain/brand-tokens';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import {
  useCheckRedemptionMutation,
  useCreateOfferMutation,
  useEndOfferMutation,
} from '../shared/brand-token-queries.ts';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import type { ConsoleData } from './console-data.ts';
import { FormError, TokenChoice, activeTokens, useT } from './console-parts.tsx';
import styles from './BrandConsole.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

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
  const toast = useToast();
  const end = useEndOfferMutation();
  const [ending, setEnding] = useState<Offer | null>(null);
  return (
    <>
      <Card title={t('offers.title')}>
        {data.offers.length === 0 ? (
          <p className={screen.muted}>{t('offers.empty')}</p>
        ) : (
          <TableScroll label={t('offers.title')}>
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
                    <td>
                      {offer.active ? (
                        <span className={styles.offerStatus}>
                          {t('offers.active')}
                          <Button
                            variant="secondary"
                            aria-label={t('offers.endLabel', { title: offer.title })}
                            onClick={() => setEnding(offer)}
                          >
                            {t('offers.end')}
                          </Button>
                        </span>
                      ) : (
                        t('offers.ended')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <FormError error={end.error} />
      </Card>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open && !end.isPending) setEnding(null);
        }}
        title={ending ? t('offers.endTitle', { title: ending.title }) : ''}
        confirmLabel={t('offers.end')}
        busy={end.isPending}
        onConfirm={() => {
          if (!ending || end.isPending) return;
          end.mutate(ending.id, {
            onSuccess: ({ offer }) => toast.success(t('offers.endedToast', { title: offer.title })),
            onSettled: () => setEnding(null),
          });
        }}
      >
        <p>{t('offers.endText')}</p>
      </ConfirmDialog>
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
  const create = useCreateOfferMutation(token.id);
  const form = useAppForm({
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
        <form.AppField name="title">
          {(field) => (
            <field.TextField label={t('offers.offerTitle')} hint={t('offers.offerTitleHint')} />
          )}
        </form.AppField>
        <form.AppField name="description">
          {(field) => <field.TextField label={t('offers.description')} />}
        </form.AppField>
        <form.AppField name="price">
          {(field) => (
            <field.TextField
              label={t('offers.price', { ticker: token.ticker })}
              inputMode="numeric"
            />
          )}
        </form.AppField>
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
  const check = useCheckRedemptionMutation(brandId);
  const [answer, setAnswer] = useState<CheckAnswer | null>(null);
  const form = useAppForm({
    defaultValues: { code: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: CheckFormSchema },
    onSubmit: ({ value }) => {
      setAnswer(null);
      check.mutate(v.parse(CheckFormSchema, value), { onSuccess: setAnswer });
    },
  });
  const unknown = isEndpointError(check.error, checkRedemption, 'unknownCode');
  return (
    <Card title={t('check.title')}>
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.AppField name="code">
          {(field) => (
            <field.TextField
              label={t('check.code')}
              hint={t('check.codeHint')}
              autoComplete="off"
              spellCheck={false}
              className={styles.code}
            />
          )}
        </form.AppField>
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
