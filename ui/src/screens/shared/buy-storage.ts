/**
 * Browser values of the buy flow. `tokens_num` is the spec's local value: the tokens of the
 * purchase in progress, which /buysuccess shows after the card provider sends the buyer back.
 * The card attempt time keeps the 30-second gap across a reload of the page.
 */
export const LOCAL_TOKENS_NUM = 'tokens_num';
export const SESSION_CARD_ATTEMPT = 'cardAttemptAt';
