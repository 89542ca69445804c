import type { Database } from '../../db/database.ts';
import { aboutArticles, announcementTexts, faqArticles } from './content.seed-texts.ts';
import {
  contentAnnouncements,
  contentBanners,
  contentHelpArticles,
  contentHelpMenus,
  contentPromotions,
  type PromotionTexts,
} from './content.tables.ts';

const DAY = 24 * 60 * 60 * 1000;

type PromotionSeed = {
  key: string;
  type: 'welcome' | 'deposit' | 'rebate' | 'vip' | 'event';
  action: 'join' | 'claim' | 'none';
  /** Days from the seeding moment; null: open. */
  startsInDays: number | null;
  endsInDays: number | null;
  texts: { BN: PromotionTexts; EN: PromotionTexts };
};

/**
 * The demo brand's promotions. Offers that need money features still to come (claims, VIP ranks)
 * start in the future, so they show as "coming soon"; the running ones ask nothing of anyone but
 * the rebate, claimed on the member centre's Manual rebate page.
 */
const promotions: PromotionSeed[] = [
  {
    key: 'app',
    type: 'event',
    action: 'none',
    startsInDays: -3,
    endsInDays: null,
    texts: {
      EN: {
        title: 'Khela in your pocket',
        summary: 'Install Khela on your phone in a few seconds, no store and no download needed.',
        content: `<p>Khela installs on Android and iPhone straight from the browser. It opens full screen, starts faster and always shows the latest version.</p>
<ol><li>Open the <a href="/down">Download</a> page on your phone.</li><li>Follow the two steps for your phone.</li><li>Find Khela on your home screen.</li></ol>
<p>There is nothing to claim: this page just shows you how.</p>`,
      },
      BN: {
        title: 'পকেটে খেলা',
        summary: 'কয়েক সেকেন্ডে আপনার ফোনে খেলা ইনস্টল করুন, স্টোর বা ডাউনলোড ছাড়াই।',
        content: `<p>অ্যান্ড্রয়েড ও আইফোনে ব্রাউজার থেকেই খেলা ইনস্টল হয়। এটি পুরো পর্দায় খোলে, দ্রুত চালু হয় এবং সবসময় সর্বশেষ সংস্করণ দেখায়।</p>
<ol><li>ফোনে <a href="/down">ডাউনলোড</a> পাতাটি খুলুন।</li><li>আপনার ফোনের দুটি ধাপ অনুসরণ করুন।</li><li>হোম স্ক্রিনে খেলা খুঁজে নিন।</li></ol>
<p>এখানে দাবি করার কিছু নেই: এই পাতা শুধু পদ্ধতিটি দেখায়।</p>`,
      },
    },
  },
  {
    key: 'welcome',
    type: 'welcome',
    action: 'claim',
    // Running: its rule (promotions.seed.ts) pays a bonus with wagering (docs/promotions.md).
    startsInDays: 0,
    endsInDays: 120,
    texts: {
      EN: {
        title: 'Welcome bonus: 100% of your first deposit, up to ৳500',
        summary: 'New members double their first deposit: claim here, then deposit ৳200 or more.',
        content: `<h3>Rules</h3><ul><li>For new members (accounts up to 30 days old) who have not deposited yet, once per person.</li><li>Claim the bonus on this page, then deposit at least ৳200 within 7 days.</li><li>Bonus: 100% of the deposit, at most ৳500, credited to your bonus wallet with the deposit.</li><li>Wager the bonus 60 times within 7 days; slots, fishing and arcade count in full, live casino and sports 20%. Each bet counts by its game's house edge against 5% (a slot returning 96% counts 80% of the stake).</li><li>While the bonus is wagered, one round may take at most ৳200.</li><li>Your bets use your cash first, then the bonus. When the wagering is done the whole bonus wallet becomes cash; a withdrawal before that forfeits it.</li></ul>`,
      },
      BN: {
        title: 'স্বাগত বোনাস: প্রথম জমার 100%, সর্বোচ্চ ৳500',
        summary: 'নতুন সদস্যরা প্রথম জমা দ্বিগুণ পান: এখানে দাবি করুন, তারপর ৳200 বা বেশি জমা দিন।',
        content: `<h3>নিয়ম</h3><ul><li>নতুন সদস্যদের জন্য (অ্যাকাউন্ট 30 দিনের মধ্যে খোলা) যাঁরা এখনও জমা দেননি, প্রতি ব্যক্তি একবার।</li><li>এই পাতায় বোনাস দাবি করুন, তারপর 7 দিনের মধ্যে কমপক্ষে ৳200 জমা দিন।</li><li>বোনাস: জমার 100%, সর্বোচ্চ ৳500, জমার সঙ্গে আপনার বোনাস ওয়ালেটে আসে।</li><li>7 দিনের মধ্যে বোনাসের 60 গুণ বাজি ধরুন; স্লট, ফিশিং ও আর্কেড পুরো গণ্য হয়, লাইভ ক্যাসিনো ও স্পোর্টস 20%। প্রতিটি বাজি তার গেমের হাউস এজ অনুযায়ী 5%-এর তুলনায় গণ্য হয় (96% ফেরত দেওয়া স্লটে বাজির 80%)।</li><li>বোনাস চলাকালীন এক রাউন্ডে সর্বোচ্চ ৳200 বাজি।</li><li>আপনার বাজি আগে নগদ থেকে, তারপর বোনাস থেকে কাটে। বাজির শর্ত পূর্ণ হলে পুরো বোনাস ওয়ালেট নগদ হয়ে যায়; তার আগে উত্তোলন করলে বোনাস বাতিল হয়।</li></ul>`,
      },
    },
  },
  {
    key: 'deposit',
    type: 'deposit',
    action: 'join',
    startsInDays: 30,
    endsInDays: null,
    texts: {
      EN: {
        title: 'Weekend reload: 10% extra on Friday deposits',
        summary: 'Join once, then get 10% on your first deposit every Friday, up to ৳300.',
        content: `<h3>Rules</h3><ul><li>Join on this page once; the offer then applies every Friday (Bangladesh time).</li><li>10% of your first deposit of the day, at most ৳300.</li><li>5× turnover on the extra amount.</li></ul>`,
      },
      BN: {
        title: 'সাপ্তাহিক রিলোড: শুক্রবারের জমায় 10% বেশি',
        summary: 'একবার যোগ দিন, তারপর প্রতি শুক্রবার প্রথম জমায় 10% পান, সর্বোচ্চ ৳300।',
        content: `<h3>নিয়ম</h3><ul><li>এই পাতায় একবার যোগ দিন; তারপর প্রতি শুক্রবার (বাংলাদেশ সময়) অফারটি প্রযোজ্য।</li><li>দিনের প্রথম জমার 10%, সর্বোচ্চ ৳300।</li><li>বাড়তি টাকায় 5 গুণ টার্নওভার।</li></ul>`,
      },
    },
  },
  {
    key: 'rebate',
    type: 'rebate',
    action: 'none',
    // The manual rebate runs (docs/promotions.md): its rates are the demo brand's settings.
    startsInDays: -1,
    endsInDays: null,
    texts: {
      EN: {
        title: 'Rebate on every bet, up to 0.8%',
        summary: 'Win or lose, a share of your valid betting comes back: claim it whenever you like.',
        content: `<h3>Rules</h3><ul><li>Slots and fishing 0.8%, live casino, lottery, sports and the other games 0.5% of valid betting, weighed by each game's house edge.</li><li>Claim it on the Manual rebate page of your account, any time; it counts the bets settled since your last claim.</li><li>Paid as cash to your main wallet: no turnover condition.</li><li>Cancelled or refunded bets, and bets that paid back exactly their stake, do not count. Smallest claim ৳1.</li></ul>`,
      },
      BN: {
        title: 'প্রতিটি বাজিতে রিবেট, সর্বোচ্চ 0.8%',
        summary: 'জিতুন বা হারুন, আপনার বৈধ বাজির একটি অংশ ফেরত আসে: যখন খুশি দাবি করুন।',
        content: `<h3>নিয়ম</h3><ul><li>স্লট ও ফিশিং 0.8%, লাইভ ক্যাসিনো, লটারি, স্পোর্টস ও অন্যান্য খেলা 0.5% বৈধ বাজির, প্রতিটি খেলার হাউস এজ অনুযায়ী ওজন করে।</li><li>আপনার অ্যাকাউন্টের ম্যানুয়াল রিবেট পাতায় যেকোনো সময় দাবি করুন; শেষ দাবির পর থেকে নিষ্পত্তি হওয়া বাজি গণনা হয়।</li><li>নগদ হিসেবে মূল ওয়ালেটে দেওয়া হয়: কোনো টার্নওভারের শর্ত নেই।</li><li>বাতিল বা ফেরত দেওয়া বাজি, এবং যে বাজি ঠিক বাজির সমান ফেরত দিয়েছে, গণ্য হয় না। সর্বনিম্ন দাবি ৳1।</li></ul>`,
      },
    },
  },
  {
    key: 'vip',
    type: 'vip',
    action: 'none',
    startsInDays: 60,
    endsInDays: null,
    texts: {
      EN: {
        title: 'Khela VIP ranks',
        summary: 'Climb the ranks with your play and unlock higher limits and a personal manager.',
        content: `<p>Your rank rises with your monthly valid bets. Higher ranks get faster withdrawals, higher limits and, from rank 5, a personal account manager.</p><p>The rank table is published here when VIP ranks start.</p>`,
      },
      BN: {
        title: 'খেলা ভিআইপি র‍্যাঙ্ক',
        summary: 'খেলার সাথে সাথে র‍্যাঙ্কে উঠুন, পান বেশি সীমা ও ব্যক্তিগত ম্যানেজার।',
        content: `<p>আপনার মাসিক বৈধ বাজির সাথে র‍্যাঙ্ক বাড়ে। উঁচু র‍্যাঙ্কে দ্রুত উত্তোলন, বেশি সীমা এবং র‍্যাঙ্ক 5 থেকে একজন ব্যক্তিগত অ্যাকাউন্ট ম্যানেজার।</p><p>ভিআইপি র‍্যাঙ্ক চালু হলে র‍্যাঙ্কের তালিকা এখানে প্রকাশ করা হবে।</p>`,
      },
    },
  },
  {
    key: 'refer',
    type: 'event',
    action: 'join',
    // Running: its referral rule (promotions.seed.ts) rewards the member who invited a friend.
    startsInDays: 0,
    endsInDays: null,
    texts: {
      EN: {
        title: 'Invite friends: ৳100 for each friend who deposits',
        summary:
          'Share your invitation link; when a friend makes a first deposit of ৳200 or more, you get ৳100.',
        content: `<h3>Rules</h3><ul><li>Your code, link and QR code are in the member centre under Invite friends.</li><li>Your friend registers with your link (or types your code) and deposits at least ৳200 within 14 days.</li><li>Your ৳100 reward then waits in your Reward centre for 30 days: claim it there.</li><li>The reward comes as a bonus: wager it 60 times within 7 days (slots, fishing and arcade count in full, live casino and sports 20%), at most ৳200 a round; then it becomes cash.</li><li>One reward per friend. Friends must be real, different people: accounts registered from your own network are flagged for review.</li></ul>`,
      },
      BN: {
        title: 'বন্ধুদের আমন্ত্রণ: জমা দেওয়া প্রতিটি বন্ধুর জন্য ৳100',
        summary: 'আপনার আমন্ত্রণ লিঙ্ক শেয়ার করুন; বন্ধু প্রথমবার ৳200 বা বেশি জমা দিলে আপনি পাবেন ৳100।',
        content: `<h3>নিয়ম</h3><ul><li>আপনার কোড, লিঙ্ক ও QR কোড মেম্বার সেন্টারের "বন্ধুদের আমন্ত্রণ" অংশে আছে।</li><li>আপনার বন্ধু আপনার লিঙ্কে নিবন্ধন করেন (বা আপনার কোড লেখেন) এবং 14 দিনের মধ্যে কমপক্ষে ৳200 জমা দেন।</li><li>তখন আপনার ৳100 পুরস্কার 30 দিন আপনার রিওয়ার্ড সেন্টারে অপেক্ষা করে: সেখানে দাবি করুন।</li><li>পুরস্কারটি বোনাস হিসেবে আসে: 7 দিনের মধ্যে 60 গুণ বাজি ধরুন (স্লট, ফিশিং ও আর্কেড পুরো গণ্য হয়, লাইভ ক্যাসিনো ও স্পোর্টস 20%), প্রতি রাউন্ডে সর্বোচ্চ ৳200; তারপর তা নগদ হয়।</li><li>প্রতি বন্ধুর জন্য একটি পুরস্কার। বন্ধুরা আসল ও আলাদা মানুষ হতে হবে: আপনার নিজের নেটওয়ার্ক থেকে খোলা অ্যাকাউন্ট পর্যালোচনার জন্য চিহ্নিত হয়।</li></ul>`,
      },
    },
  },
  {
    key: 'share',
    type: 'event',
    action: 'claim',
    // Running: its rule (promotions.seed.ts) is a fixed bonus obtained by application, reviewed in
    // the back office (docs/promotions.md "Applications with review").
    startsInDays: 0,
    endsInDays: null,
    texts: {
      EN: {
        title: 'Share your big win: ৳50 bonus',
        summary:
          'Won big in a Khela game? Send us a screenshot of the win: once our team has checked it, you get a ৳50 bonus, once a week.',
        content: `<h3>Rules</h3><ul><li>Take a screenshot of a win of your own in one of Khela's games this week.</li><li>Apply on this page: 1 to 3 pictures (png or jpg, 5 MB each), a comment if you like (up to 140 characters), and agree to these rules.</li><li>Our team reviews your application. Approved, the ৳50 bonus is credited to your bonus wallet; rejected, this page tells you why.</li><li>One application a week (Monday to Sunday, Bangladesh time), while you have no other bonus open.</li><li>Wager the bonus 60 times within 7 days; slots, fishing and arcade count in full, live casino and sports 20%. While it is wagered, one round may take at most ৳200.</li><li>When the wagering is done the bonus becomes cash; a withdrawal before that forfeits it.</li><li>Your pictures are seen only by our review team; nothing is published.</li></ul>`,
      },
      BN: {
        title: 'আপনার বড় জয় শেয়ার করুন: ৳50 বোনাস',
        summary:
          'খেলার কোনো গেমে বড় জয় পেয়েছেন? জয়ের স্ক্রিনশট পাঠান: আমাদের টিম যাচাই করলে সপ্তাহে একবার ৳50 বোনাস পাবেন।',
        content: `<h3>নিয়ম</h3><ul><li>এই সপ্তাহে খেলার কোনো গেমে আপনার নিজের জয়ের একটি স্ক্রিনশট নিন।</li><li>এই পাতায় আবেদন করুন: 1 থেকে 3টি ছবি (png বা jpg, প্রতিটি সর্বোচ্চ 5 MB), চাইলে একটি মন্তব্য (140 অক্ষর পর্যন্ত), এবং এই নিয়মগুলিতে সম্মতি দিন।</li><li>আমাদের টিম আপনার আবেদন পর্যালোচনা করে। অনুমোদিত হলে ৳50 বোনাস আপনার বোনাস ওয়ালেটে আসে; প্রত্যাখ্যাত হলে এই পাতায় কারণ দেখানো হয়।</li><li>সপ্তাহে একটি আবেদন (সোমবার থেকে রবিবার, বাংলাদেশ সময়), যখন আপনার অন্য কোনো বোনাস চালু নেই।</li><li>7 দিনের মধ্যে বোনাসের 60 গুণ বাজি ধরুন; স্লট, ফিশিং ও আর্কেড পুরো গণ্য হয়, লাইভ ক্যাসিনো ও স্পোর্টস 20%। বোনাস চলাকালীন এক রাউন্ডে সর্বোচ্চ ৳200 বাজি।</li><li>বাজির শর্ত পূর্ণ হলে বোনাস নগদ হয়ে যায়; তার আগে উত্তোলন করলে বোনাস বাতিল হয়।</li><li>আপনার ছবি শুধু আমাদের পর্যালোচনা টিম দেখে; কিছুই প্রকাশ করা হয় না।</li></ul>`,
      },
    },
  },
  {
    key: 'cashback',
    type: 'event',
    action: 'join',
    // Running: its rule (promotions.seed.ts) pays back a share of each player's net loss of the
    // brand week, by itself, to the reward centre (docs/promotions.md "Cash-back on losses").
    startsInDays: 0,
    endsInDays: null,
    texts: {
      EN: {
        title: 'Weekly cash-back: 5% of your losses, 10% from ৳5,000, up to ৳2,000',
        summary:
          'Had a losing week? Part of it comes back by itself every Monday, to your reward centre: nothing to claim here.',
        content: `<h3>Rules</h3><ul><li>Your net loss of a week (Monday to Sunday, Bangladesh time) is your stakes minus your wins on bets settled that week, from your main wallet.</li><li>5% of your net loss comes back; 10% once your net loss reaches ৳5,000; at most ৳2,000 a week.</li><li>It is worked out after the week ends and waits in your Reward centre for 7 days: claim it there.</li><li>Once claimed it is a bonus: wager it 60 times within 7 days (slots, fishing and arcade count in full, live casino and sports 20%), at most ৳200 a round; then it becomes cash.</li><li>Every player takes part. Agents and trial accounts do not.</li></ul>`,
      },
      BN: {
        title: 'সাপ্তাহিক ক্যাশব্যাক: ক্ষতির 5%, ৳5,000 থেকে 10%, সর্বোচ্চ ৳2,000',
        summary:
          'সপ্তাহটা খারাপ গেছে? প্রতি সোমবার তার একটি অংশ নিজে থেকেই আপনার পুরস্কার কেন্দ্রে ফেরত আসে: এখানে দাবি করার কিছু নেই।',
        content: `<h3>নিয়ম</h3><ul><li>এক সপ্তাহে (সোমবার থেকে রবিবার, বাংলাদেশ সময়) আপনার নিট ক্ষতি হলো সেই সপ্তাহে নিষ্পত্তি হওয়া বাজিতে মূল ওয়ালেট থেকে আপনার বাজি থেকে জয় বাদ দিয়ে যা থাকে।</li><li>নিট ক্ষতির 5% ফেরত আসে; নিট ক্ষতি ৳5,000 হলে 10%; সপ্তাহে সর্বোচ্চ ৳2,000।</li><li>সপ্তাহ শেষ হলে হিসাব হয় এবং 7 দিন আপনার পুরস্কার কেন্দ্রে অপেক্ষা করে: সেখানে দাবি করুন।</li><li>দাবি করলে এটি বোনাস হয়: 7 দিনের মধ্যে 60 গুণ বাজি ধরুন (স্লট, ফিশিং ও আর্কেড পুরো গণ্য হয়, লাইভ ক্যাসিনো ও স্পোর্টস 20%), প্রতি রাউন্ডে সর্বোচ্চ ৳200; তারপর তা নগদ হয়।</li><li>প্রত্যেক খেলোয়াড় অংশ নেন। এজেন্ট ও ট্রায়াল অ্যাকাউন্ট নয়।</li></ul>`,
      },
    },
  },
  {
    key: 'raffle',
    type: 'event',
    action: 'join',
    // Running for 7 days: its raffle (raffle.seed.ts) draws 13 prizes among the players who joined,
    // by tickets earned with their betting (docs/promotions.md "Raffle").
    startsInDays: 0,
    endsInDays: 7,
    texts: {
      EN: {
        title: 'Lucky draw: ৳9,000 in 13 prizes',
        summary:
          'Join, play, and every ৳500 of betting earns a ticket. After 7 days 13 winners are drawn, and anyone can check the draw.',
        content: `<h3>Rules</h3><ul><li>Press Join on this page; your betting from then until the draw's end earns tickets.</li><li>One ticket for every ৳500 of counted betting, at most 200 tickets: slots, fishing and arcade count in full, live casino and sports 20%, each game weighed by its house edge; lottery bets do not count.</li><li>Prizes: 1st ৳5,000, 2nd and 3rd ৳1,000, 4th to 13th ৳200. One prize per player: the more tickets, the better your chance.</li><li>The draw is provable: its secret seed was fixed before the start (its fingerprint is on this page), the tickets are fixed when the period ends, and a public random number published after that decides the winners. This page shows everything needed to check it.</li><li>A prize waits 14 days in your Reward centre. Once claimed it is a bonus: wager it 60 times within 7 days, at most ৳200 a round; then it becomes cash.</li><li>Agents and trial accounts do not take part.</li></ul>`,
      },
      BN: {
        title: 'লাকি ড্র: 13টি পুরস্কারে ৳9,000',
        summary:
          'যোগ দিন, খেলুন, আর প্রতি ৳500 বাজিতে একটি টিকিট। 7 দিন পর 13 জন বিজয়ী নির্বাচিত হবেন, আর যে কেউ ড্র যাচাই করতে পারবেন।',
        content: `<h3>নিয়ম</h3><ul><li>এই পাতায় "যোগ দিন" চাপুন; তখন থেকে ড্র শেষ হওয়া পর্যন্ত আপনার বাজি টিকিট এনে দেয়।</li><li>প্রতি ৳500 গণ্য বাজিতে একটি টিকিট, সর্বোচ্চ 200টি: স্লট, ফিশিং ও আর্কেড পুরো গণ্য হয়, লাইভ ক্যাসিনো ও স্পোর্টস 20%, প্রতিটি খেলা তার হাউস এজ অনুযায়ী; লটারির বাজি গণ্য হয় না।</li><li>পুরস্কার: প্রথম ৳5,000, দ্বিতীয় ও তৃতীয় ৳1,000, চতুর্থ থেকে ত্রয়োদশ ৳200। প্রতি খেলোয়াড় একটি পুরস্কার: যত বেশি টিকিট, তত বেশি সুযোগ।</li><li>ড্র প্রমাণযোগ্য: এর গোপন সিড শুরুর আগেই ঠিক করা (তার ফিঙ্গারপ্রিন্ট এই পাতায় আছে), সময় শেষ হলে টিকিট স্থির হয়, আর তারপর প্রকাশিত একটি সর্বজনীন র‍্যান্ডম সংখ্যা বিজয়ী ঠিক করে। যাচাইয়ের সবকিছু এই পাতায় দেখানো হয়।</li><li>পুরস্কার 14 দিন আপনার রিওয়ার্ড সেন্টারে অপেক্ষা করে। দাবি করলে এটি বোনাস: 7 দিনের মধ্যে 60 গুণ বাজি ধরুন, প্রতি রাউন্ডে সর্বোচ্চ ৳200; তারপর তা নগদ হয়।</li><li>এজেন্ট ও ট্রায়াল অ্যাকাউন্ট অংশ নেয় না।</li></ul>`,
      },
    },
  },
];

type BannerSeed = {
  group: string;
  theme: string;
  alt: { BN: string; EN: string };
  linkageType: 'route' | 'promotion' | null;
  linkageTarget: string | null;
};

const banners: BannerSeed[] = [
  {
    group: 'home',
    theme: 'welcome',
    alt: { EN: 'Welcome to Khela: join now', BN: 'খেলায় আপনাকে স্বাগতম: এখনই যোগ দিন' },
    linkageType: 'route',
    linkageTarget: '/register',
  },
  {
    group: 'home',
    theme: 'app',
    alt: { EN: 'Khela on your phone: install', BN: 'আপনার ফোনে খেলা: ইনস্টল করুন' },
    linkageType: 'route',
    linkageTarget: '/down',
  },
  {
    group: 'home',
    theme: 'responsible',
    alt: { EN: 'Play responsibly, 18+ only', BN: 'দায়িত্বের সাথে খেলুন, শুধু 18+' },
    linkageType: 'route',
    linkageTarget: '/help?page=responsible-gaming',
  },
  {
    group: 'promotions',
    theme: 'promotions',
    alt: { EN: 'Khela promotions', BN: 'খেলার প্রমোশন' },
    linkageType: 'promotion',
    linkageTarget: 'app',
  },
  {
    group: 'down',
    theme: 'app',
    alt: { EN: 'Khela on your phone', BN: 'আপনার ফোনে খেলা' },
    linkageType: null,
    linkageTarget: null,
  },
  {
    group: 'help',
    theme: 'help',
    alt: { EN: 'How can we help?', BN: 'কীভাবে সাহায্য করতে পারি?' },
    linkageType: null,
    linkageTarget: null,
  },
  {
    group: 'w_register',
    theme: 'welcome',
    alt: { EN: 'Welcome to Khela', BN: 'খেলায় আপনাকে স্বাগতম' },
    linkageType: null,
    linkageTarget: null,
  },
];

/** Demo content for an empty database: help centre, announcements, promotions, banners (BN and EN). */
/** Writes the demo content; returns the promotions' ids by key (welcome, deposit, rebate …). */
export async function seedContent(db: Database, now = new Date()): Promise<Map<string, number>> {
  const at = (days: number | null) => (days === null ? null : new Date(now.getTime() + days * DAY));

  const [about, faq] = await db
    .insert(contentHelpMenus)
    .values([
      { slug: 'about', titles: { EN: 'About Khela', BN: 'খেলা সম্পর্কে' }, sortOrder: 10 },
      { slug: 'faq', titles: { EN: 'Frequently asked questions', BN: 'সাধারণ প্রশ্ন' }, sortOrder: 20 },
    ])
    .returning();
  await db.insert(contentHelpArticles).values([
    ...aboutArticles.map((article, index) => ({
      menuId: about!.id,
      slug: article.slug,
      texts: article.texts,
      sortOrder: (index + 1) * 10,
    })),
    ...faqArticles.map((article, index) => ({
      menuId: faq!.id,
      slug: article.slug,
      texts: article.texts,
      sortOrder: (index + 1) * 10,
    })),
  ]);

  await db.insert(contentAnnouncements).values(
    announcementTexts.map((announcement, index) => ({
      type: announcement.type,
      texts: announcement.texts,
      // Whole minutes apart, so the list shows distinct times.
      startsAt: new Date(
        Math.floor((now.getTime() - announcement.daysAgo * DAY - index * 60_000) / 60_000) * 60_000,
      ),
      sortOrder: index,
    })),
  );

  const promotionIds = new Map<string, number>();
  for (const [index, promotion] of promotions.entries()) {
    const [row] = await db
      .insert(contentPromotions)
      .values({
        type: promotion.type,
        action: promotion.action,
        texts: promotion.texts,
        imageUrl: `/content/promotions/${promotion.key}.svg`,
        startsAt: at(promotion.startsInDays),
        endsAt: at(promotion.endsInDays),
        sortOrder: (index + 1) * 10,
      })
      .returning({ id: contentPromotions.id });
    promotionIds.set(promotion.key, row!.id);
  }

  const position = new Map<string, number>();
  const bannerRows = banners.flatMap((banner) => {
    const sortOrder = (position.get(banner.group) ?? 0) + 1;
    position.set(banner.group, sortOrder);
    const linkageTarget =
      banner.linkageType === 'promotion' && banner.linkageTarget
        ? String(promotionIds.get(banner.linkageTarget))
        : banner.linkageTarget;
    return (['BN', 'EN'] as const).map((language) => {
      const file = `/content/banners/${banner.theme}-${language.toLowerCase()}`;
      return {
        groupName: banner.group,
        language,
        title: banner.alt[language],
        imageUrl: `${file}-desktop.svg`,
        mobileImageUrl: `${file}-mobile.svg`,
        linkageType: banner.linkageType,
        linkageTarget,
        sortOrder,
      };
    });
  });
  await db.insert(contentBanners).values(bannerRows);
  return promotionIds;
}
