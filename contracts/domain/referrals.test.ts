import { expect, test } from 'vitest';
import {
  canonicalEmail,
  isSelfReferral,
  referralAccountCode,
  referralLanding,
} from './referrals.ts';

test('a link whose dash part names ico or vote lands on the sale or the voting page', () => {
  expect(referralLanding('DEMOBRND-ico')).toBe('/ico');
  expect(referralLanding('DEMOBRND-ICO7K2Q')).toBe('/ico');
  expect(referralLanding('DEMOBRND-vote')).toBe('/voting');
  expect(referralLanding('DEMOBRND-summer-vote2')).toBe('/voting');
});

test('any other link, and ico or vote outside a dash part, lands on sign-up', () => {
  expect(referralLanding('DEMOBRND')).toBe('/register');
  expect(referralLanding('DEMOBRND-K7Q2M')).toBe('/register');
  expect(referralLanding('ICOVOTE')).toBe('/register');
});

test('the account code is the part before the first dash, in capitals', () => {
  expect(referralAccountCode('demobrnd-ico')).toBe('DEMOBRND');
  expect(referralAccountCode(' DEMOBRND ')).toBe('DEMOBRND');
});

test('an e-mail is one mailbox without +tags, and without dots on Gmail', () => {
  expect(canonicalEmail('Anna.Nowak+brnd@GoogleMail.com')).toBe('annanowak@gmail.com');
  expect(canonicalEmail('a.nowak+x@example.com')).toBe('a.nowak@example.com');
});

const anna = { email: 'anna.nowak@gmail.com', mobile: '+48500100200', walletAddress: null };

test('the same mailbox, phone or wallet is a self-referral', () => {
  expect(isSelfReferral(anna, { ...anna, email: 'annanowak+2@googlemail.com', mobile: '+1' })).toBe(
    true,
  );
  expect(
    isSelfReferral(anna, {
      email: 'b@example.com',
      mobile: '+48 500 100 200',
      walletAddress: null,
    }),
  ).toBe(true);
  const wallet = '0x52908400098527886E0F7030069857D2E4169EE7';
  expect(
    isSelfReferral(
      { ...anna, walletAddress: wallet },
      { email: 'b@example.com', mobile: '+1', walletAddress: wallet.toLowerCase() },
    ),
  ).toBe(true);
});

test('different people are not a self-referral, dots off Gmail included', () => {
  expect(
    isSelfReferral(
      { email: 'a.nowak@example.com', mobile: '+48500100200', walletAddress: null },
      { email: 'anowak@example.com', mobile: '+48500100201', walletAddress: null },
    ),
  ).toBe(false);
});
