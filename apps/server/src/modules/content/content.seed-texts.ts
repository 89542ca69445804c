/**
 * Starter texts of the demo brand "Khela", in Bengali and English. An operator replaces them through
 * the content API; nothing here promises a feature the site does not have.
 */
import type { TitleAndContent } from './content.tables.ts';

type Bilingual = { BN: TitleAndContent; EN: TitleAndContent };

export const aboutArticles: { slug: string; texts: Bilingual }[] = [
  {
    slug: 'about-company',
    texts: {
      EN: {
        title: 'About Khela',
        content: `<p>Khela is an online games site made for players in Bangladesh and beyond, in Bengali first and in English. Slots, live casino, sports, fishing games, lottery and more are gathered in one place, with one account and one wallet.</p>
<h3>What we stand for</h3>
<ul>
<li><strong>Fair play.</strong> Our own games use a certified random number source and publish the data you need to check each result.</li>
<li><strong>Clear money.</strong> Every deposit, bet, win and withdrawal is recorded in your account history, to the last poisha.</li>
<li><strong>Your language.</strong> The whole site speaks Bengali, and every text is also available in English.</li>
<li><strong>Play within limits.</strong> Games are for adults only (18+) and for fun; we give you the tools to stay in control.</li>
</ul>
<p>Khela is a demonstration brand: these pages are the starting texts an operator adapts to its licence, company details and local law.</p>`,
      },
      BN: {
        title: 'খেলা সম্পর্কে',
        content: `<p>খেলা একটি অনলাইন গেমস সাইট, যা বাংলাদেশ ও বিশ্বের খেলোয়াড়দের জন্য তৈরি — প্রথমে বাংলায়, সাথে ইংরেজিতেও। স্লট, লাইভ ক্যাসিনো, স্পোর্টস, ফিশিং গেম, লটারি আর আরও অনেক কিছু এক জায়গায়, একটি অ্যাকাউন্ট ও একটি ওয়ালেটে।</p>
<h3>আমরা যা মেনে চলি</h3>
<ul>
<li><strong>ন্যায্য খেলা।</strong> আমাদের নিজস্ব গেমগুলো নির্ভরযোগ্য র‍্যান্ডম নম্বর ব্যবহার করে এবং প্রতিটি ফলাফল যাচাই করার তথ্য প্রকাশ করে।</li>
<li><strong>স্বচ্ছ লেনদেন।</strong> প্রতিটি জমা, বাজি, জয় ও উত্তোলন আপনার অ্যাকাউন্টের ইতিহাসে পয়সা পর্যন্ত লেখা থাকে।</li>
<li><strong>আপনার ভাষা।</strong> পুরো সাইট বাংলায় চলে, আর প্রতিটি লেখা ইংরেজিতেও পাওয়া যায়।</li>
<li><strong>সীমার মধ্যে খেলা।</strong> গেমগুলো শুধু প্রাপ্তবয়স্কদের (18+) বিনোদনের জন্য; নিয়ন্ত্রণে থাকার সরঞ্জাম আমরা আপনাকে দিই।</li>
</ul>
<p>খেলা একটি প্রদর্শনী ব্র্যান্ড: এই পাতাগুলো প্রাথমিক লেখা, যা একজন অপারেটর তার লাইসেন্স, প্রতিষ্ঠানের তথ্য ও স্থানীয় আইন অনুযায়ী সাজিয়ে নেন।</p>`,
      },
    },
  },
  {
    slug: 'contact-us',
    texts: {
      EN: {
        title: 'Contact us',
        content: `<p>We are glad to help with your account, payments, games or anything else about Khela.</p>
<h3>How to reach us</h3>
<ul>
<li><strong>Customer service:</strong> the ways to reach our team that this site has set up are listed at the end of this page.</li>
<li><strong>Help centre:</strong> most answers are already here, under Frequently asked questions.</li>
<li><strong>Email:</strong> support@khela.local (the demo brand's address; an operator puts its own here).</li>
</ul>
<h3>Before you write</h3>
<p>Tell us your username and, for a payment, its reference number and time. <strong>Never send your password or payment password</strong>: Khela staff will never ask for them.</p>`,
      },
      BN: {
        title: 'যোগাযোগ করুন',
        content: `<p>আপনার অ্যাকাউন্ট, পেমেন্ট, গেম বা খেলা সম্পর্কে যেকোনো বিষয়ে সাহায্য করতে পেরে আমরা খুশি।</p>
<h3>কীভাবে যোগাযোগ করবেন</h3>
<ul>
<li><strong>গ্রাহক সেবা:</strong> এই সাইটে আমাদের দলের সাথে যোগাযোগের যে উপায়গুলো চালু আছে, সেগুলো এই পাতার শেষে দেওয়া আছে।</li>
<li><strong>সহায়তা কেন্দ্র:</strong> বেশিরভাগ উত্তর এখানেই আছে, "সাধারণ প্রশ্ন" অংশে।</li>
<li><strong>ইমেইল:</strong> support@khela.local (প্রদর্শনী ব্র্যান্ডের ঠিকানা; অপারেটর এখানে নিজের ঠিকানা দেন)।</li>
</ul>
<h3>লেখার আগে</h3>
<p>আপনার ইউজারনেম জানান, আর পেমেন্টের ক্ষেত্রে তার রেফারেন্স নম্বর ও সময়। <strong>কখনো আপনার পাসওয়ার্ড বা পেমেন্ট পাসওয়ার্ড পাঠাবেন না</strong>: খেলার কোনো কর্মী কখনো তা চাইবেন না।</p>`,
      },
    },
  },
  {
    slug: 'general-terms',
    texts: {
      EN: {
        title: 'General terms and conditions',
        content: `<p>These terms apply to everyone who opens an account or plays on Khela. By registering you accept them.</p>
<h3>1. Who may play</h3>
<p>You must be at least 18 years old (or older where your local law says so) and allowed to take part in online games where you live. One person may hold one account.</p>
<h3>2. Your account</h3>
<p>Keep your password and payment password secret. You are responsible for what happens under your account. The details you give us must be true; we may ask for proof of identity before a withdrawal.</p>
<h3>3. Money</h3>
<p>Balances are kept in the account's currency. Deposits and withdrawals go only through the methods shown in your member centre, in your own name. We may hold a withdrawal while we check it.</p>
<h3>4. Games and bets</h3>
<p>A bet is final once accepted. If a game fails, the round is settled by its record or cancelled and the stake returned. Each game shows its rules and return to player.</p>
<h3>5. Promotions</h3>
<p>Each promotion has its own rules on its page. Bonus money may carry turnover conditions, which the page states before you take part.</p>
<h3>6. Closing an account</h3>
<p>You may close your account at any time through customer service. We may suspend accounts used for fraud, several accounts per person or breaking these terms, and will tell you why.</p>
<h3>7. Changes</h3>
<p>We announce changes to these terms on the announcements page before they apply.</p>`,
      },
      BN: {
        title: 'সাধারণ শর্তাবলি',
        content: `<p>খেলায় যিনি অ্যাকাউন্ট খোলেন বা খেলেন, তাঁর জন্য এই শর্তগুলো প্রযোজ্য। নিবন্ধন করলে আপনি এগুলো মেনে নিচ্ছেন।</p>
<h3>1. কে খেলতে পারবেন</h3>
<p>আপনার বয়স কমপক্ষে 18 বছর (অথবা আপনার এলাকার আইনে যত বছর লাগে) হতে হবে এবং আপনার এলাকায় অনলাইন গেমে অংশ নেওয়ার অনুমতি থাকতে হবে। একজন ব্যক্তি একটি অ্যাকাউন্টই রাখতে পারবেন।</p>
<h3>2. আপনার অ্যাকাউন্ট</h3>
<p>আপনার পাসওয়ার্ড ও পেমেন্ট পাসওয়ার্ড গোপন রাখুন। আপনার অ্যাকাউন্টে যা ঘটে তার দায় আপনার। আপনার দেওয়া তথ্য সত্য হতে হবে; উত্তোলনের আগে আমরা পরিচয়ের প্রমাণ চাইতে পারি।</p>
<h3>3. টাকা</h3>
<p>ব্যালেন্স অ্যাকাউন্টের মুদ্রায় রাখা হয়। জমা ও উত্তোলন শুধু আপনার মেম্বার সেন্টারে দেখানো পদ্ধতিতে, আপনার নিজের নামে হয়। যাচাইয়ের সময় আমরা কোনো উত্তোলন সাময়িকভাবে আটকে রাখতে পারি।</p>
<h3>4. গেম ও বাজি</h3>
<p>বাজি গৃহীত হলে তা চূড়ান্ত। কোনো গেম ব্যর্থ হলে রাউন্ডটি তার রেকর্ড অনুযায়ী নিষ্পত্তি হয়, নয়তো বাতিল করে বাজির টাকা ফেরত দেওয়া হয়। প্রতিটি গেম তার নিয়ম ও খেলোয়াড়ের ফেরতের হার দেখায়।</p>
<h3>5. প্রমোশন</h3>
<p>প্রতিটি প্রমোশনের নিয়ম তার নিজের পাতায় লেখা থাকে। বোনাসের টাকায় টার্নওভারের শর্ত থাকতে পারে, যা অংশ নেওয়ার আগেই পাতায় জানানো হয়।</p>
<h3>6. অ্যাকাউন্ট বন্ধ করা</h3>
<p>গ্রাহক সেবার মাধ্যমে আপনি যেকোনো সময় অ্যাকাউন্ট বন্ধ করতে পারেন। প্রতারণা, এক ব্যক্তির একাধিক অ্যাকাউন্ট বা এই শর্ত ভাঙার ক্ষেত্রে আমরা অ্যাকাউন্ট স্থগিত করতে পারি এবং কারণ জানাব।</p>
<h3>7. পরিবর্তন</h3>
<p>এই শর্তে কোনো পরিবর্তন কার্যকর হওয়ার আগে আমরা ঘোষণা পাতায় তা জানাই।</p>`,
      },
    },
  },
  {
    slug: 'responsible-gaming',
    texts: {
      EN: {
        title: 'Responsible gaming',
        content: `<p>Games should stay a pastime. Most people play for fun; for some, playing can become a problem. We want you to enjoy Khela and stay in control.</p>
<h3>Good habits</h3>
<ul>
<li>Decide in advance how much money and time you will spend, and stop there.</li>
<li>Play only with money you can afford to lose; never with money for rent, food or bills.</li>
<li>Do not chase losses: a loss is the price of the entertainment, not a debt to win back.</li>
<li>Take regular breaks, and do not play when you are upset, tired or have been drinking.</li>
</ul>
<h3>Warning signs</h3>
<p>Playing longer or with more money than planned, borrowing to play, hiding your play from family, or feeling restless when not playing.</p>
<h3>What we can do</h3>
<p>Customer service can set a deposit limit, a cooling-off period or a self-exclusion on your account at your request. A self-exclusion is not lifted before its end.</p>
<h3>Minors</h3>
<p>Khela is for adults only (18+). Accounts of minors are closed. Parents can use device filters to keep gaming sites away from children.</p>`,
      },
      BN: {
        title: 'দায়িত্বশীল খেলা',
        content: `<p>খেলা বিনোদন হিসেবেই থাকা উচিত। বেশিরভাগ মানুষ মজার জন্য খেলেন; কারো কারো জন্য খেলা সমস্যা হয়ে উঠতে পারে। আমরা চাই আপনি খেলা উপভোগ করুন এবং নিয়ন্ত্রণে থাকুন।</p>
<h3>ভালো অভ্যাস</h3>
<ul>
<li>কত টাকা ও কত সময় খরচ করবেন তা আগে থেকে ঠিক করুন, এবং সেখানেই থামুন।</li>
<li>শুধু সেই টাকায় খেলুন যা হারালেও আপনার ক্ষতি হবে না; বাসাভাড়া, খাবার বা বিলের টাকায় কখনো নয়।</li>
<li>হারানো টাকা ফিরে পাওয়ার জন্য খেলবেন না: হার বিনোদনের দাম, ফিরিয়ে আনার ঋণ নয়।</li>
<li>নিয়মিত বিরতি নিন, আর মন খারাপ, ক্লান্ত বা নেশাগ্রস্ত অবস্থায় খেলবেন না।</li>
</ul>
<h3>সতর্ক সংকেত</h3>
<p>পরিকল্পনার চেয়ে বেশি সময় বা বেশি টাকায় খেলা, খেলার জন্য ধার করা, পরিবারের কাছে খেলা লুকানো, কিংবা না খেললে অস্থির লাগা।</p>
<h3>আমরা যা করতে পারি</h3>
<p>আপনার অনুরোধে গ্রাহক সেবা আপনার অ্যাকাউন্টে জমার সীমা, বিরতির সময় বা স্ব-বর্জন চালু করতে পারে। স্ব-বর্জন তার মেয়াদ শেষ হওয়ার আগে তোলা হয় না।</p>
<h3>অপ্রাপ্তবয়স্ক</h3>
<p>খেলা শুধু প্রাপ্তবয়স্কদের জন্য (18+)। অপ্রাপ্তবয়স্কদের অ্যাকাউন্ট বন্ধ করে দেওয়া হয়। শিশুদের গেমিং সাইট থেকে দূরে রাখতে অভিভাবকেরা ডিভাইসের ফিল্টার ব্যবহার করতে পারেন।</p>`,
      },
    },
  },
  {
    slug: 'privacy-policy',
    texts: {
      EN: {
        title: 'Privacy policy',
        content: `<p>This policy explains which personal data Khela keeps, why, and what you can ask of us.</p>
<h3>What we keep</h3>
<ul>
<li>Account data: username, mobile number, email and the other fields you fill in at registration.</li>
<li>Money and game records: deposits, withdrawals, bets and their results, as the law and fair play require.</li>
<li>Technical data: your IP address, device type and the time of your visits, to protect accounts and block fraud.</li>
</ul>
<p>Passwords are stored only as one-way hashes: nobody at Khela can read them.</p>
<h3>Why</h3>
<p>To run your account, pay out your winnings, keep the site secure, meet our legal duties and, if you agree, tell you about promotions.</p>
<h3>Who sees it</h3>
<p>Only our staff who need it, the payment and game providers that handle your transactions, and authorities where the law requires. We never sell your data.</p>
<h3>Your rights</h3>
<p>You can ask customer service for a copy of your data, to correct it, or to delete what the law does not require us to keep.</p>
<h3>Storage in your browser</h3>
<p>We keep your session in the browser's session storage and your theme and language choices in its local storage. We do not use advertising cookies.</p>`,
      },
      BN: {
        title: 'গোপনীয়তা নীতি',
        content: `<p>খেলা কোন ব্যক্তিগত তথ্য রাখে, কেন রাখে এবং আপনি আমাদের কাছে কী চাইতে পারেন, এই নীতি তা ব্যাখ্যা করে।</p>
<h3>আমরা যা রাখি</h3>
<ul>
<li>অ্যাকাউন্টের তথ্য: ইউজারনেম, মোবাইল নম্বর, ইমেইল এবং নিবন্ধনের সময় আপনি যে অন্যান্য ঘর পূরণ করেন।</li>
<li>টাকা ও গেমের রেকর্ড: জমা, উত্তোলন, বাজি ও তার ফলাফল, যা আইন ও ন্যায্য খেলার জন্য প্রয়োজন।</li>
<li>প্রযুক্তিগত তথ্য: অ্যাকাউন্ট সুরক্ষা ও প্রতারণা ঠেকাতে আপনার আইপি ঠিকানা, ডিভাইসের ধরন ও ভিজিটের সময়।</li>
</ul>
<p>পাসওয়ার্ড শুধু একমুখী হ্যাশ হিসেবে রাখা হয়: খেলার কেউই তা পড়তে পারে না।</p>
<h3>কেন</h3>
<p>আপনার অ্যাকাউন্ট চালাতে, আপনার জেতা টাকা পরিশোধ করতে, সাইট নিরাপদ রাখতে, আইনি দায়িত্ব পালন করতে এবং আপনি সম্মতি দিলে প্রমোশনের খবর জানাতে।</p>
<h3>কে দেখতে পায়</h3>
<p>শুধু আমাদের সেই কর্মীরা যাঁদের প্রয়োজন, আপনার লেনদেন সামলানো পেমেন্ট ও গেম প্রদানকারী, এবং আইন অনুযায়ী কর্তৃপক্ষ। আমরা কখনো আপনার তথ্য বিক্রি করি না।</p>
<h3>আপনার অধিকার</h3>
<p>গ্রাহক সেবার কাছে আপনি আপনার তথ্যের একটি কপি চাইতে, তা সংশোধন করতে, অথবা আইন যা রাখতে বলে না তা মুছে ফেলতে বলতে পারেন।</p>
<h3>আপনার ব্রাউজারে সংরক্ষণ</h3>
<p>আপনার সেশন আমরা ব্রাউজারের সেশন স্টোরেজে, আর থিম ও ভাষার পছন্দ লোকাল স্টোরেজে রাখি। আমরা বিজ্ঞাপনের কুকি ব্যবহার করি না।</p>`,
      },
    },
  },
  {
    slug: 'affiliates',
    texts: {
      EN: {
        title: 'Affiliates',
        content: `<p>Khela works with agents and affiliates who introduce new players. Agents have their own account centre to follow their team.</p>
<h3>How it works</h3>
<ol>
<li>Apply through customer service with your name, mobile number and how you plan to introduce players.</li>
<li>Once approved you get an agent account and an affiliate code. Players who register with your code join your team.</li>
<li>Your agent centre shows your team, their betting and your income. Commission plans (dividend, daily or hourly wages) are agreed in a contract that both sides accept in the agent centre.</li>
</ol>
<h3>Rules</h3>
<ul>
<li>Introduce adults only, never with misleading promises.</li>
<li>No spam, no fake accounts, no payment for registrations.</li>
<li>Commission is paid from real play of real players; abuse cancels it.</li>
</ul>`,
      },
      BN: {
        title: 'অ্যাফিলিয়েট',
        content: `<p>নতুন খেলোয়াড় পরিচয় করিয়ে দেওয়া এজেন্ট ও অ্যাফিলিয়েটদের সাথে খেলা কাজ করে। নিজের টিম দেখার জন্য এজেন্টদের আলাদা অ্যাকাউন্ট সেন্টার আছে।</p>
<h3>যেভাবে কাজ করে</h3>
<ol>
<li>আপনার নাম, মোবাইল নম্বর এবং কীভাবে খেলোয়াড় আনবেন তা জানিয়ে গ্রাহক সেবার মাধ্যমে আবেদন করুন।</li>
<li>অনুমোদনের পর আপনি একটি এজেন্ট অ্যাকাউন্ট ও একটি অ্যাফিলিয়েট কোড পাবেন। আপনার কোড দিয়ে যাঁরা নিবন্ধন করেন, তাঁরা আপনার টিমে যুক্ত হন।</li>
<li>আপনার এজেন্ট সেন্টারে আপনার টিম, তাদের বাজি ও আপনার আয় দেখা যায়। কমিশনের পরিকল্পনা (ডিভিডেন্ড, দৈনিক বা ঘণ্টাভিত্তিক মজুরি) একটি চুক্তিতে ঠিক হয়, যা দুই পক্ষই এজেন্ট সেন্টারে গ্রহণ করে।</li>
</ol>
<h3>নিয়ম</h3>
<ul>
<li>শুধু প্রাপ্তবয়স্কদের আনুন, কখনো বিভ্রান্তিকর প্রতিশ্রুতি দিয়ে নয়।</li>
<li>স্প্যাম নয়, ভুয়া অ্যাকাউন্ট নয়, নিবন্ধনের জন্য টাকা দেওয়া নয়।</li>
<li>কমিশন আসে আসল খেলোয়াড়দের আসল খেলা থেকে; অপব্যবহার করলে তা বাতিল হয়।</li>
</ul>`,
      },
    },
  },
  {
    slug: 'refund-policy',
    texts: {
      EN: {
        title: 'Refund policy',
        content: `<p>Bets that were accepted and settled are final and are not refunded. Money is returned in these cases:</p>
<ul>
<li><strong>Failed deposit:</strong> money taken from your payment account but not credited to Khela is credited after checking, or returned to the account it came from.</li>
<li><strong>Cancelled round:</strong> when a game or a sports event is void, the stake goes back to your balance.</li>
<li><strong>Failed withdrawal:</strong> a withdrawal that the payment provider rejects is returned to your balance.</li>
<li><strong>Withdrawal not received:</strong> confirm in your member centre whether the money arrived in full, in part or not at all; customer service checks every report of a missing payment.</li>
</ul>
<h3>How to ask</h3>
<p>Contact customer service within 30 days with your username, the reference number and the time of the transaction. We answer within three working days.</p>`,
      },
      BN: {
        title: 'টাকা ফেরতের নীতি',
        content: `<p>যে বাজি গৃহীত ও নিষ্পত্তি হয়েছে তা চূড়ান্ত, তার টাকা ফেরত হয় না। নিচের ক্ষেত্রে টাকা ফেরত দেওয়া হয়:</p>
<ul>
<li><strong>ব্যর্থ জমা:</strong> আপনার পেমেন্ট অ্যাকাউন্ট থেকে টাকা কেটেছে কিন্তু খেলায় জমা হয়নি, এমন টাকা যাচাইয়ের পর জমা করা হয়, অথবা যে অ্যাকাউন্ট থেকে এসেছে সেখানে ফেরত দেওয়া হয়।</li>
<li><strong>বাতিল রাউন্ড:</strong> কোনো গেম বা খেলার ইভেন্ট বাতিল হলে বাজির টাকা আপনার ব্যালেন্সে ফিরে আসে।</li>
<li><strong>ব্যর্থ উত্তোলন:</strong> পেমেন্ট প্রদানকারী যে উত্তোলন ফিরিয়ে দেয়, তা আপনার ব্যালেন্সে ফেরত আসে।</li>
<li><strong>উত্তোলনের টাকা না পাওয়া:</strong> মেম্বার সেন্টারে জানান টাকা পুরোটা, আংশিক নাকি একেবারেই পৌঁছায়নি; না পৌঁছানো প্রতিটি পেমেন্টের অভিযোগ গ্রাহক সেবা যাচাই করে।</li>
</ul>
<h3>কীভাবে চাইবেন</h3>
<p>30 দিনের মধ্যে আপনার ইউজারনেম, রেফারেন্স নম্বর ও লেনদেনের সময় জানিয়ে গ্রাহক সেবায় যোগাযোগ করুন। আমরা তিন কর্মদিবসের মধ্যে উত্তর দিই।</p>`,
      },
    },
  },
];

export const faqArticles: { slug: string; texts: Bilingual }[] = [
  {
    slug: 'how-to-register',
    texts: {
      EN: {
        title: 'How do I open an account?',
        content: `<ol>
<li>Press <strong>Register</strong> at the top of the page.</li>
<li>Choose a username (it starts with a letter) and a password, and fill in the fields marked with ＊.</li>
<li>If registration by mobile number is offered, you can use your number and the code we send by SMS instead.</li>
<li>Accept the terms and press <strong>Submit</strong>: you are logged in straight away.</li>
</ol>`,
      },
      BN: {
        title: 'কীভাবে অ্যাকাউন্ট খুলব?',
        content: `<ol>
<li>পাতার উপরে <strong>নিবন্ধন</strong> চাপুন।</li>
<li>একটি ইউজারনেম (অক্ষর দিয়ে শুরু) ও পাসওয়ার্ড বেছে নিন, এবং ＊ চিহ্নিত ঘরগুলো পূরণ করুন।</li>
<li>মোবাইল নম্বরে নিবন্ধনের সুযোগ থাকলে আপনার নম্বর ও এসএমএসে পাঠানো কোড দিয়েও নিবন্ধন করতে পারেন।</li>
<li>শর্তাবলি মেনে <strong>জমা দিন</strong> চাপুন: সাথে সাথেই আপনি লগইন হয়ে যাবেন।</li>
</ol>`,
      },
    },
  },
  {
    slug: 'account-security',
    texts: {
      EN: {
        title: 'How do I keep my account safe?',
        content: `<ul>
<li>Use a password you use nowhere else, and a different payment password.</li>
<li>Always check the address bar before you log in: fake sites copy our look.</li>
<li>Khela staff never ask for your password, payment password or SMS code.</li>
<li>Log out on shared phones and computers.</li>
</ul>`,
      },
      BN: {
        title: 'কীভাবে অ্যাকাউন্ট নিরাপদ রাখব?',
        content: `<ul>
<li>এমন পাসওয়ার্ড ব্যবহার করুন যা অন্য কোথাও ব্যবহার করেন না, আর পেমেন্ট পাসওয়ার্ড আলাদা রাখুন।</li>
<li>লগইনের আগে সবসময় ঠিকানা বার দেখে নিন: ভুয়া সাইট আমাদের চেহারা নকল করে।</li>
<li>খেলার কর্মীরা কখনো আপনার পাসওয়ার্ড, পেমেন্ট পাসওয়ার্ড বা এসএমএস কোড চান না।</li>
<li>অন্যের সাথে ভাগ করা ফোন ও কম্পিউটারে কাজ শেষে লগআউট করুন।</li>
</ul>`,
      },
    },
  },
  {
    slug: 'install-app',
    texts: {
      EN: {
        title: 'How do I install Khela on my phone?',
        content: `<p>Open the <strong>Download</strong> page. On Android, press <strong>Install</strong> or choose "Add to Home screen" in the Chrome menu. On iPhone, press the Share button in Safari and choose "Add to Home Screen". The app opens full screen and updates itself.</p>`,
      },
      BN: {
        title: 'ফোনে কীভাবে খেলা ইনস্টল করব?',
        content: `<p><strong>ডাউনলোড</strong> পাতাটি খুলুন। অ্যান্ড্রয়েডে <strong>ইনস্টল</strong> চাপুন অথবা ক্রোমের মেনু থেকে "হোম স্ক্রিনে যোগ করুন" বেছে নিন। আইফোনে সাফারির শেয়ার বোতাম চেপে "হোম স্ক্রিনে যোগ করুন" বেছে নিন। অ্যাপটি পুরো পর্দায় খোলে এবং নিজে থেকেই হালনাগাদ হয়।</p>`,
      },
    },
  },
];

/**
 * No popup (PU, PL) in the demo: a popup on every first visit would stand in front of every page; an
 * operator adds one through the content API when there is something everyone must see.
 */
export const announcementTexts: { type: 'B' | 'PR' | 'H'; daysAgo: number; texts: Bilingual }[] = [
  {
    type: 'B',
    daysAgo: 0,
    texts: {
      EN: {
        title: 'Play responsibly: Khela is for adults (18+)',
        content:
          '<p>Games are entertainment. Set yourself a budget and a time limit before you play, and take breaks. Read our <a href="/help?page=responsible-gaming">responsible gaming</a> page for help.</p>',
      },
      BN: {
        title: 'দায়িত্বের সাথে খেলুন: খেলা শুধু প্রাপ্তবয়স্কদের (18+) জন্য',
        content:
          '<p>গেম বিনোদন মাত্র। খেলার আগে নিজের বাজেট ও সময়সীমা ঠিক করুন এবং বিরতি নিন। সাহায্যের জন্য আমাদের <a href="/help?page=responsible-gaming">দায়িত্বশীল খেলা</a> পাতাটি পড়ুন।</p>',
      },
    },
  },
  {
    type: 'B',
    daysAgo: 1,
    texts: {
      EN: {
        title: 'Welcome to Khela, now in Bengali and English',
        content:
          '<p>The whole site is available in Bengali and English. Change the language from the menu at the top of any page; your choice is remembered on this device.</p>',
      },
      BN: {
        title: 'খেলায় স্বাগতম, এখন বাংলা ও ইংরেজিতে',
        content:
          '<p>পুরো সাইট বাংলা ও ইংরেজিতে পাওয়া যায়। যেকোনো পাতার উপরের মেনু থেকে ভাষা বদলান; এই ডিভাইসে আপনার পছন্দ মনে রাখা হয়।</p>',
      },
    },
  },
  {
    type: 'B',
    daysAgo: 2,
    texts: {
      EN: {
        title: 'Install Khela on your phone from the Download page',
        content:
          '<p>Khela installs like an app, without a store: open <a href="/down">Download</a> and follow the steps for Android or iPhone.</p>',
      },
      BN: {
        title: 'ডাউনলোড পাতা থেকে আপনার ফোনে খেলা ইনস্টল করুন',
        content:
          '<p>স্টোর ছাড়াই খেলা অ্যাপের মতো ইনস্টল হয়: <a href="/down">ডাউনলোড</a> খুলে অ্যান্ড্রয়েড বা আইফোনের ধাপগুলো অনুসরণ করুন।</p>',
      },
    },
  },
  {
    type: 'B',
    daysAgo: 3,
    texts: {
      EN: {
        title: 'Khela staff will never ask for your password',
        content:
          '<p>Not by chat, SMS, phone or email. If someone asks for your password, payment password or SMS code, do not answer and tell customer service.</p>',
      },
      BN: {
        title: 'খেলার কর্মীরা কখনো আপনার পাসওয়ার্ড চাইবেন না',
        content:
          '<p>চ্যাট, এসএমএস, ফোন বা ইমেইল, কোনোভাবেই নয়। কেউ আপনার পাসওয়ার্ড, পেমেন্ট পাসওয়ার্ড বা এসএমএস কোড চাইলে উত্তর দেবেন না এবং গ্রাহক সেবাকে জানান।</p>',
      },
    },
  },
  {
    type: 'PR',
    daysAgo: 4,
    texts: {
      EN: {
        title: 'Every promotion lists its rules on its own page',
        content:
          '<p>See the <a href="/promotions">Promotions</a> page for what is on now and what is coming, each with its period and conditions.</p>',
      },
      BN: {
        title: 'প্রতিটি প্রমোশনের নিয়ম তার নিজের পাতায় লেখা থাকে',
        content:
          '<p>এখন কী চলছে আর কী আসছে, সময়কাল ও শর্তসহ জানতে <a href="/promotions">প্রমোশন</a> পাতাটি দেখুন।</p>',
      },
    },
  },
  {
    type: 'H',
    daysAgo: 5,
    texts: {
      EN: {
        title: 'Questions? The help centre has the answers',
        content:
          '<p>How to register, keep your account safe, install the app, and our terms and policies: all in the <a href="/help">help centre</a>.</p>',
      },
      BN: {
        title: 'প্রশ্ন আছে? উত্তর আছে সহায়তা কেন্দ্রে',
        content:
          '<p>কীভাবে নিবন্ধন করবেন, অ্যাকাউন্ট নিরাপদ রাখবেন, অ্যাপ ইনস্টল করবেন, এবং আমাদের শর্ত ও নীতি: সবই <a href="/help">সহায়তা কেন্দ্রে</a>।</p>',
      },
    },
  },
  {
    type: 'B',
    daysAgo: 6,
    texts: {
      EN: {
        title: 'Dark theme for night-time play',
        content:
          '<p>Switch between the light and dark theme with the sun and moon button at the top of the page.</p>',
      },
      BN: {
        title: 'রাতের জন্য গাঢ় থিম',
        content: '<p>পাতার উপরের সূর্য ও চাঁদের বোতাম দিয়ে হালকা ও গাঢ় থিমের মধ্যে বদলান।</p>',
      },
    },
  },
  {
    type: 'B',
    daysAgo: 8,
    texts: {
      EN: {
        title: 'Maintenance is always announced here first',
        content:
          '<p>When the site needs planned maintenance, we post the date and time here in advance. During maintenance your balance and bets are safe.</p>',
      },
      BN: {
        title: 'রক্ষণাবেক্ষণের খবর সবার আগে এখানেই জানানো হয়',
        content:
          '<p>পরিকল্পিত রক্ষণাবেক্ষণের প্রয়োজন হলে আমরা আগেই এখানে তারিখ ও সময় জানাই। রক্ষণাবেক্ষণের সময় আপনার ব্যালেন্স ও বাজি নিরাপদ থাকে।</p>',
      },
    },
  },
  {
    type: 'B',
    daysAgo: 10,
    texts: {
      EN: {
        title: 'Check the address before you log in',
        content:
          '<p>Fake sites copy the look of real ones to steal passwords. Log in only on the address you know, and bookmark it.</p>',
      },
      BN: {
        title: 'লগইনের আগে ঠিকানাটি যাচাই করুন',
        content:
          '<p>পাসওয়ার্ড চুরির জন্য ভুয়া সাইট আসল সাইটের চেহারা নকল করে। শুধু পরিচিত ঠিকানায় লগইন করুন এবং সেটি বুকমার্ক করে রাখুন।</p>',
      },
    },
  },
  {
    type: 'B',
    daysAgo: 12,
    texts: {
      EN: {
        title: 'One account per person',
        content:
          '<p>Each player may hold one account. Several accounts of one person are closed, and promotions taken with them are cancelled.</p>',
      },
      BN: {
        title: 'একজন ব্যক্তির একটি অ্যাকাউন্ট',
        content:
          '<p>প্রত্যেক খেলোয়াড় একটি অ্যাকাউন্ট রাখতে পারেন। একজনের একাধিক অ্যাকাউন্ট বন্ধ করা হয় এবং সেগুলো দিয়ে নেওয়া প্রমোশন বাতিল হয়।</p>',
      },
    },
  },
  {
    type: 'H',
    daysAgo: 14,
    texts: {
      EN: {
        title: 'Our privacy policy in plain words',
        content:
          '<p>What we keep, why, and what you can ask of us: read the <a href="/help?page=privacy-policy">privacy policy</a>.</p>',
      },
      BN: {
        title: 'সহজ ভাষায় আমাদের গোপনীয়তা নীতি',
        content:
          '<p>আমরা কী রাখি, কেন রাখি এবং আপনি কী চাইতে পারেন: <a href="/help?page=privacy-policy">গোপনীয়তা নীতি</a> পড়ুন।</p>',
      },
    },
  },
];
