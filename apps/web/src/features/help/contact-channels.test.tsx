import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp, whitelabelFixture } from '../../test/render-app.tsx';

const helpCenter = {
  menus: [
    {
      id: 1,
      slug: 'about',
      title: 'খেলা সম্পর্কে',
      articles: [
        {
          id: 2,
          slug: 'contact-us',
          title: 'যোগাযোগ করুন',
          content: '<p>আমরা সাহায্য করতে পেরে খুশি।</p>',
          updatedAt: 1_790_000_000_000,
        },
        {
          id: 5,
          slug: 'privacy-policy',
          title: 'গোপনীয়তা নীতি',
          content: '<p>আমরা আপনার তথ্য বিক্রি করি না।</p>',
          updatedAt: 1_790_000_000_000,
        },
      ],
    },
  ],
};

describe('Help › Contact us', () => {
  it("lists the brand's configured channels under the article", async () => {
    renderApp('/help?page=contact-us', {
      answers: { '/wps/system/helpCenter': helpCenter },
      whitelabel: whitelabelFixture({
        customerServiceUrl: 'https://support.khela.example/chat',
        messengerUrl: 'https://m.me/khela',
        social: [{ network: 'telegram', url: 'https://t.me/khela' }],
      }),
    });
    const region = await screen.findByRole('region', { name: 'আমাদের সাথে যোগাযোগের উপায়' });
    expect(within(region).getByRole('link', { name: 'গ্রাহক সেবা' }).getAttribute('href')).toBe(
      'https://support.khela.example/chat',
    );
    expect(within(region).getByRole('link', { name: 'মেসেঞ্জার' }).getAttribute('href')).toBe(
      'https://m.me/khela',
    );
    expect(within(region).getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe(
      'https://t.me/khela',
    );
  });

  it('says politely that none is set up yet, with nothing configured', async () => {
    renderApp('/help?page=contact-us', {
      answers: { '/wps/system/helpCenter': helpCenter },
      whitelabel: whitelabelFixture({ customerServiceUrl: null, messengerUrl: null, social: [] }),
    });
    const region = await screen.findByRole('region', { name: 'আমাদের সাথে যোগাযোগের উপায়' });
    expect(within(region).getByText(/দুঃখিত, এই সাইটে এখনো যোগাযোগের কোনো উপায় যুক্ত করা হয়নি।/)).toBeTruthy();
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('shows no channels under the other articles', async () => {
    renderApp('/help?page=privacy-policy', { answers: { '/wps/system/helpCenter': helpCenter } });
    await screen.findByRole('heading', { level: 2, name: 'গোপনীয়তা নীতি' });
    expect(screen.queryByRole('region', { name: 'আমাদের সাথে যোগাযোগের উপায়' })).toBeNull();
  });
});
