import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the server process, whatever starts it (`npm start`, `node dist/main.js`, a
 * container): main.ts imports this module first, so they hold before the server takes a request
 * (the packages it imports are loaded first in the bundle; their start-up is not what these are for).
 *
 * Allocation-site pretenuring off. V8 watches the objects each allocation site makes; when nearly
 * all of a site's objects are still alive at a young-generation collection, it starts making that
 * site's objects in the old generation directly. Under load a request's objects are alive while
 * PostgreSQL answers, so some per-request sites (a request, its reply, …) get tenured; from then on
 * every young object such a dead old object points at survives the next scavenge, is promoted, and
 * the sites behind those get tenured too. Measured on the vendor wallet route (bench/README.md,
 * 30 Nov, stop 30): 1.6–3.3 MB promoted at every scavenge and 10–12 ms pauses, every ~0.15 s, in
 * most server processes (it depends on the first minutes of traffic); with this flag 0.4–0.7 MB and
 * 3–5 ms, in every process, and more calls per second for less CPU. A request server makes few
 * objects that live long: allocating them young and letting the scavenger promote what really
 * survives costs it nothing. V8 reads this flag at every scavenge (a site's feedback is skipped
 * while it is off), so setting it here, after start-up, takes effect: runtime/v8-flags.test.ts
 * shows it.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
