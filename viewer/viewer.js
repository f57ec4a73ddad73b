// The replay viewer of `mahjong replay html` (docs/REPLAY.md "Viewer"). Plain JavaScript, no
// framework, no network: the replay document is in the JSON script element with id "mj-replay".
//
// 1. Tile faces: drawn here as SVG (numeral + suit mark, honour letters, dragons), installed once
//    as CSS classes (.t-5m, .t-5mr, .t-3mP for the peach 3m*, .t-back).
// 2. The fold: Fold(doc) walks the events once and keeps a snapshot of the table after each event
//    (hands, drawn tile, rivers, melds, shields, dora, wall count, sticks, scores, results).
// 3. Rendering: Render(i) draws snapshot i; navigation moves i and keeps it in the URL fragment
//    (#e=123, with &v=SEAT for one seat's own view).
// window.mjViewer exposes go(i), count, index, view(seat) for the browser tests.
(function () {
  'use strict';

  // ---------------------------------------------------------------- tile faces
  const SUIT_COLOR = { m: '#a31515', p: '#1f4fa8', s: '#1b7a2e' };
  const HONOR = {
    E: ['E', '#1d2b4f', 'East wind'], S: ['S', '#1d2b4f', 'South wind'], W: ['W', '#1d2b4f', 'West wind'],
    N: ['N', '#1d2b4f', 'North wind'], F: ['F', '#1b7a2e', 'green dragon'], C: ['C', '#c0201a', 'red dragon'],
  };

  // Parses an mjai tile name: {num, suit, red, peach, honor}; null when it is not a tile name.
  function ParseTile(name) {
    if (typeof name !== 'string') return null;
    let m = /^([1-9])([mps])(r|\*)?$/.exec(name);
    if (m) return { num: +m[1], suit: m[2], red: m[3] === 'r', peach: m[3] === '*', honor: null };
    if (/^[ESWNPFC]$/.test(name)) return { num: 0, suit: 'z', red: false, peach: false, honor: name };
    return null;
  }
  // The kind of a tile name ("5mr" -> "5m", "3m*" -> "3m").
  function KindName(name) { return typeof name === 'string' ? name.replace(/[r*]$/, '') : name; }
  function ClassName(name, turned) { return (turned ? 'r-' : 't-') + String(name).replace('*', 'P'); }
  const SORT_ORDER = 'mpsz';
  function TileKey(name) {
    const t = ParseTile(name);
    if (!t) return 999;
    if (t.honor) return 300 + 'ESWNPFC'.indexOf(t.honor) * 2;
    return SORT_ORDER.indexOf(t.suit) * 100 + t.num * 2 + (t.red || t.peach ? 0 : 1);
  }
  function SortTiles(tiles) { return tiles.sort((a, b) => TileKey(a) - TileKey(b)); }

  // The face of `name` ("back" for a tile face down); `turned`: lying on its side (40 x 30).
  function TileSvg(name, turned) {
    const open = turned ? '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30" width="40" height="30"><g transform="translate(40 0) rotate(90)">'
      : '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 40" width="30" height="40"><g>';
    const font = 'font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-weight="bold" text-anchor="middle"';
    if (name === 'back') {
      return open + '<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#2f7d6d" stroke="#1e4f45" stroke-width="1.5"/>' +
        '<rect x="4" y="4" width="22" height="32" rx="2" fill="none" stroke="#8fd1c0" stroke-width="1"/></g></svg>';
    }
    const t = ParseTile(name);
    const bg = t && t.peach ? '#ffd9e4' : '#fbf8ef';
    let s = open + '<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="' + bg + '" stroke="#8a8578" stroke-width="1.5"/>';
    if (!t) return s + '<text x="15" y="26" font-size="16" ' + font + ' fill="#000">?</text></g></svg>';
    if (t.honor === 'P') {
      s += '<rect x="7" y="8" width="16" height="24" rx="1.5" fill="none" stroke="#1f4fa8" stroke-width="2.2"/>';
    } else if (t.honor) {
      const h = HONOR[t.honor];
      s += '<text x="15" y="28.5" font-size="22" ' + font + ' fill="' + h[1] + '">' + h[0] + '</text>';
    } else {
      const color = t.red ? '#e0101a' : SUIT_COLOR[t.suit];
      s += '<text x="15" y="22" font-size="20" ' + font + ' fill="' + color + '">' + t.num + '</text>';
      if (t.suit === 'p') {
        s += '<circle cx="15" cy="31" r="4.6" fill="none" stroke="' + color + '" stroke-width="2"/><circle cx="15" cy="31" r="1.4" fill="' + color + '"/>';
      } else if (t.suit === 's') {
        s += '<rect x="12.6" y="25.5" width="4.8" height="11" rx="2.2" fill="' + color + '"/><rect x="12" y="30.4" width="6" height="1.3" fill="' + bg + '"/>';
      } else {
        s += '<text x="15" y="36.5" font-size="11" ' + font + ' fill="' + color + '">m</text>';
      }
      if (t.red) s += '<circle cx="25" cy="5.5" r="2.6" fill="#e0101a"/>';
      if (t.peach) s += '<path d="M5 9 C1 5 3 1.8 5 3.8 C7 1.8 9 5 5 9 Z" fill="#e0507a"/>';
    }
    return s + '</g></svg>';
  }
  function TileTitle(name) {
    const t = ParseTile(name);
    if (!t) return String(name);
    if (t.honor === 'P') return 'P (white dragon)';
    if (t.honor) return name + ' (' + HONOR[t.honor][2] + ')';
    return name + (t.red ? ' (red five)' : t.peach ? ' (peach tile)' : '');
  }
  function AllTileNames() {
    const names = ['back'];
    for (const s of 'mps') for (let n = 1; n <= 9; ++n) {
      names.push(n + s);
      if (n === 5) names.push('5' + s + 'r');
      if (n === 3 || n === 7) names.push(n + s + '*');
    }
    for (const h of 'ESWNPFC') names.push(h);
    return names;
  }
  function InstallTileStyles() {
    let css = '';
    for (const n of AllTileNames())
      for (const turned of [false, true])
        css += '.' + ClassName(n, turned) + '{background-image:url("data:image/svg+xml,' + encodeURIComponent(TileSvg(n, turned)) + '")}\n';
    const style = document.createElement('style');
    style.textContent = css;
    document.head.appendChild(style);
  }

  // ---------------------------------------------------------------- the fold
  const WINDS = ['E', 'S', 'W', 'N'];
  const WIND_NAMES = ['East', 'South', 'West', 'North'];

  function Remove(list, name) {
    const i = list.indexOf(name);
    if (i >= 0) list.splice(i, 1);
    return i >= 0;
  }
  function NewSeat() {
    return { hand: [], drawn: null, river: [], melds: [], down: [], up: [], riichi: false, open: false,
      pendingRiichi: false, exchanged: null, won: null, shown: null, lost: null };
  }
  function CloneSeat(s) {
    // River entries are shared between snapshots: the fold replaces an entry it marks (called, ron)
    // instead of changing it, so copying the list is enough (most of a game's garbage otherwise).
    return { hand: s.hand.slice(), drawn: s.drawn, river: s.river.slice(),
      melds: s.melds.map((m) => ({ type: m.type, tiles: m.tiles.slice(), called: m.called, from: m.from })),
      down: s.down.slice(), up: s.up.slice(), riichi: s.riichi, open: s.open, pendingRiichi: s.pendingRiichi,
      exchanged: s.exchanged, won: s.won, shown: s.shown, lost: s.lost };
  }
  function CloneState(st) {
    const c = Object.assign({}, st);
    c.seats = st.seats.map(CloneSeat);
    c.scores = st.scores.slice();
    c.dora = st.dora.slice();
    c.ura = st.ura.slice();
    c.results = st.results.slice();
    return c;
  }
  // Sets flag `key` on the seat's last river tile, as a new entry (earlier snapshots share the old one).
  function MarkLastRiverTile(seat, key) {
    const last = seat.river.length - 1;
    seat.river[last] = Object.assign({}, seat.river[last], { [key]: true });
  }
  // Takes `name` out of the seat's concealed tiles: the drawn tile when `drawnFirst` (tsumogiri,
  // exchange) or when the hand holds no other copy, else a hand copy; the drawn tile then joins the hand.
  function TakeFromHand(seat, name, drawnFirst) {
    if (seat.drawn !== null && seat.drawn === name && (drawnFirst || seat.hand.indexOf(name) < 0)) {
      seat.drawn = null;
      return true;
    }
    const ok = Remove(seat.hand, name);
    if (seat.drawn !== null) {
      seat.hand.push(seat.drawn);
      seat.drawn = null;
    }
    SortTiles(seat.hand);
    return ok;
  }

  // Folds the events into one snapshot per event: states[i] = the table after events[0..i].
  function Fold(doc) {
    const rules = doc.ruleset || {};
    const events = doc.events || [];
    const states = [];
    let st = { hand: -1, bakaze: 'E', kyoku: 1, honba: 0, kyotaku: 0, oya: 0, scores: [0, 0, 0, 0], wall: 0,
      dora: [], ura: [], results: [], seats: [NewSeat(), NewSeat(), NewSeat(), NewSeat()], final: null,
      lastDiscard: null };
    for (let i = 0; i < events.length; ++i) {
      const e = events[i];
      st = CloneState(st);
      const a = e.actor;
      const seat = a >= 0 && a < 4 ? st.seats[a] : null;
      switch (e.type) {
        case 'start_game': break;
        case 'start_kyoku': {
          st.hand += 1;
          st.bakaze = e.bakaze; st.kyoku = e.kyoku; st.honba = e.honba; st.kyotaku = e.kyotaku; st.oya = e.oya;
          st.scores = e.scores.slice();
          st.dora = e.dora_marker ? [e.dora_marker] : [];
          st.ura = []; st.results = []; st.lastDiscard = null;
          let dealt = 0;
          st.seats = e.tehais.map((t) => { const s = NewSeat(); s.hand = SortTiles(t.slice()); dealt += t.length; return s; });
          // Live tiles left to draw: the 136 tiles less the dead wall and the deal (carried shields
          // are out of the wall and in the deal, so they cancel out).
          st.wall = 136 - (rules.dead_wall === false ? 0 : 14) - dealt;
          break;
        }
        case 'shield_set':
          if (seat) { TakeFromHand(seat, e.pai, false); seat.down.push(e.pai); }
          break;
        case 'tsumo':
          if (seat) {
            if (seat.drawn !== null) { seat.hand.push(seat.drawn); SortTiles(seat.hand); }
            seat.drawn = e.pai;
          }
          st.wall -= 1;
          break;
        case 'reach':
          if (seat) { seat.pendingRiichi = true; seat.riichi = true; if (e.open) seat.open = true; }
          break;
        case 'exchange':
          // Announced here (the two tiles are marked); the tiles move with the dahai of the shield
          // that follows, as in the engine.
          if (seat) seat.exchanged = { pai: e.pai, shield: e.shield };
          break;
        case 'dahai':
          if (seat) {
            if (seat.exchanged !== null && seat.exchanged.shield === e.pai) {
              // The exchange: the hand tile goes face up into the shield area, the face-down shield to the river.
              TakeFromHand(seat, seat.exchanged.pai, true);
              seat.up.push(seat.exchanged.pai);
              Remove(seat.down, seat.exchanged.shield);
              seat.exchanged = null;
            } else {
              TakeFromHand(seat, e.pai, e.tsumogiri);
            }
            seat.river.push({ pai: e.pai, tsumogiri: !!e.tsumogiri, riichi: seat.pendingRiichi, called: false, ron: false });
            seat.pendingRiichi = false;
            st.lastDiscard = { seat: a, index: seat.river.length - 1 };
          }
          break;
        case 'reach_accepted':
          st.scores = e.scores.slice();
          if (e.deltas && e.deltas.some((d) => d < 0)) st.kyotaku += 1;  // a deposit (none under riichi_deposit 0)
          break;
        case 'chi': case 'pon': case 'daiminkan': {
          const target = st.seats[e.target];
          if (target && target.river.length) MarkLastRiverTile(target, 'called');
          if (seat) {
            for (const c of e.consumed) TakeFromHand(seat, c, false);
            seat.melds.push({ type: e.type, tiles: e.consumed.concat([e.pai]), called: e.pai, from: e.target });
          }
          break;
        }
        case 'kakan':
          if (seat) {
            TakeFromHand(seat, e.pai, false);
            const m = seat.melds.find((x) => x.type === 'pon' && KindName(x.called) === KindName(e.pai));
            if (m) { m.type = 'kakan'; m.tiles.push(e.pai); m.added = e.pai; }
          }
          break;
        case 'ankan':
          if (seat) {
            for (const c of e.consumed) TakeFromHand(seat, c, false);
            seat.melds.push({ type: 'ankan', tiles: e.consumed.slice(), called: null, from: -1 });
          }
          break;
        case 'dora':
          st.dora.push(e.dora_marker);
          break;
        case 'hora':
          if (seat) seat.won = { pai: e.pai, tsumo: e.actor === e.target };
          if (e.actor !== e.target) {
            const t = st.seats[e.target];
            if (t && t.river.length && st.lastDiscard && st.lastDiscard.seat === e.target) MarkLastRiverTile(t, 'ron');
          }
          if (e.ura_markers && e.ura_markers.length) st.ura = e.ura_markers.slice();
          st.scores = e.scores.slice();
          st.kyotaku = 0;
          st.results.push(i);
          break;
        case 'ryukyoku':
          if (e.tehais) e.tehais.forEach((t, p) => { if (t) st.seats[p].shown = true; });
          st.scores = e.scores.slice();
          st.results.push(i);
          break;
        case 'protection':
          st.results.push(i);
          break;
        case 'shields_lost':
          if (seat) {
            seat.down.splice(Math.max(0, seat.down.length - e.count), e.count);
            for (const t of e.tiles) Remove(seat.up, t);
            seat.lost = e;
          }
          st.results.push(i);
          break;
        case 'end_kyoku': break;
        case 'end_game':
          st.scores = e.scores.slice();
          st.final = e;
          break;
        default: break;
      }
      states.push(st);
    }
    return states;
  }

  // ---------------------------------------------------------------- text
  function HanText(h) { return typeof h === 'string' ? h : String(h); }
  function SeatLabel(p, oya) { return 'seat ' + p + ' ' + WINDS[(p - oya + 4) % 4]; }
  function Escape(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  }
  function TileHtml(name, cls, title) {
    const n = name === null || name === undefined ? 'back' : name;
    return '<i class="t ' + ClassName(n, /\bturned\b/.test(cls || '')) + (cls ? ' ' + cls : '') + '" title="' + Escape(title || TileTitle(n)) + '"></i>';
  }
  const DRAW_TEXT = {
    fanpai: 'exhaustive draw', nagashimangan: 'exhaustive draw with nagashi mangan', kyushukyuhai: 'abortive draw: nine terminals',
    suchareach: 'abortive draw: four riichi', sanchaho: 'abortive draw: triple ron', sukaikan: 'abortive draw: four kans',
    sufonrenta: 'abortive draw: four winds',
  };
  const LOSS_TEXT = { won: 'won the hand', dealt_in: 'dealt in', noten: 'noten at the draw', tenpai_face_up: 'tenpai at the draw: face-up shields only', overflow: 'more shields than the next wall can deal: back to the wall', face_up_not_carried: 'face-up shields are not carried' };

  function EventText(e, oya, names) {
    const who = (p) => (p >= 0 && p < 4 ? SeatLabel(p, oya) + ' (' + Escape(names[p]) + ')' : 'seat ?');
    switch (e.type) {
      case 'start_game': return 'Game starts: ' + names.map(Escape).join(', ');
      case 'start_kyoku': return 'Hand starts: ' + WIND_NAMES[WINDS.indexOf(e.bakaze)] + ' ' + e.kyoku + ', dealer seat ' + e.oya;
      case 'tsumo': return who(e.actor) + ' draws ' + e.pai;
      case 'dahai': return who(e.actor) + ' discards ' + e.pai + (e.tsumogiri ? ' (tsumogiri)' : '');
      case 'reach': return who(e.actor) + (e.open ? ' declares open riichi' : ' declares riichi');
      case 'reach_accepted': return who(e.actor) + ': riichi accepted';
      case 'chi': case 'pon': case 'daiminkan':
        return who(e.actor) + ' calls ' + (e.type === 'daiminkan' ? 'kan' : e.type) + ' on ' + e.pai + ' from ' + who(e.target);
      case 'kakan': return who(e.actor) + ' adds ' + e.pai + ' to a pon (added kan)';
      case 'ankan': return who(e.actor) + ' makes a closed kan of ' + e.consumed.join(' ');
      case 'dora': return 'New dora indicator ' + e.dora_marker;
      case 'hora': return who(e.actor) + (e.actor === e.target ? ' wins by tsumo on ' : ' wins by ron on ') + e.pai +
        (e.actor === e.target ? '' : ' from ' + who(e.target));
      case 'ryukyoku': return 'Draw: ' + (DRAW_TEXT[e.reason] || e.reason);
      case 'end_kyoku': return 'Hand ends';
      case 'end_game': return 'Game ends';
      case 'shield_set': return who(e.actor) + ' sets a shield face down';
      case 'exchange': return who(e.actor) + ' exchanges: ' + e.pai + ' face up, shield ' + e.shield + ' to the river';
      case 'protection': return who(e.actor) + ' is protected from ' + who(e.target) + "'s tsumo by face-up " + e.pai;
      case 'shields_lost': return who(e.actor) + ' loses shields (' + (LOSS_TEXT[e.cause] || e.cause) + ')';
      default: return Escape(e.type);
    }
  }

  // ---------------------------------------------------------------- rendering
  const doc = JSON.parse(document.getElementById('mj-replay').textContent);
  const events = doc.events || [];
  const rules = doc.ruleset || {};
  const names = doc.agents || ['?', '?', '?', '?'];
  const states = Fold(doc);
  const handStarts = [];
  events.forEach((e, i) => { if (e.type === 'start_kyoku') handStarts.push(i); });
  // A bot's faults (GameRecord::faults): what it did wrong at which event, and whether a
  // substitute (tsumogiri/pass) played its seat from then on or the game stopped.
  const faults = (Array.isArray(doc.faults) ? doc.faults : []).filter((f) => f && Number.isInteger(f.seat) && Number.isInteger(f.event));
  // A plate shows at most 24 characters of a long bot command line (the whole name as its title).
  function ShortName(n) { n = String(n); return n.length > 24 ? n.slice(0, 23) + '…' : n; }
  function SubstitutedAt(p, i) { return faults.some((f) => f.substituted && f.seat === p && f.event <= i); }
  function FaultHtml(f) {
    return '<span class="fault">fault: seat ' + f.seat + ' ' + Escape(f.agent || names[f.seat] || '?') + ': ' + Escape(f.error || '') +
      (f.substituted ? ' — a substitute (tsumogiri / pass) plays this seat from here; its play is not the agent\'s' : '') + '</span>';
  }
  let index = 0;
  let viewSeat = -1;  // -1: every hand open; 0..3: what that seat could see
  const seatHtml = ['', '', '', ''];
  let seatBoxes = [];

  function PaymentText(p, ron) {
    if (!p) return '';
    if ('ron' in p) return 'ron ' + p.ron;
    if ('each' in p) return (ron ? 'ron paid by all three: ' : 'tsumo ') + p.each + ' each';
    return (ron ? 'ron paid by all three: ' : 'tsumo ') + p.non_dealer + '/' + p.dealer + ' (non-dealers/dealer)';
  }
  function Deltas(d, oya) {
    return d.map((x, p) => (x ? SeatLabel(p, oya) + ' ' + (x > 0 ? '+' : '') + x : '')).filter(Boolean).join(', ') || 'none';
  }
  // A Ningbo limit hand's value: "limit (満貫)", "half_limit (半満貫)".
  function LimitHandText(limit) {
    return limit === 'half_limit' ? 'half_limit (半満貫)' : limit === 'limit' ? 'limit (満貫)' : Escape(String(limit));
  }
  function HoraHtml(e, st) {
    const tsumo = e.actor === e.target;
    const sc = e.score || {};
    let h = '<div class="res"><b>' + SeatLabel(e.actor, st.oya) + ' (' + Escape(names[e.actor]) + ') ' + (tsumo ? 'tsumo' : 'ron') +
      '</b> on ' + TileHtml(e.pai, 'small') + (tsumo ? '' : ' from ' + SeatLabel(e.target, st.oya)) + '<div class="winhand">';
    for (const t of e.hora_tehais) h += TileHtml(t, 'small');
    h += ' + ' + TileHtml(e.pai, 'small win') + '</div>';
    if (e.ura_markers && e.ura_markers.length) h += '<div>ura indicators ' + e.ura_markers.map((t) => TileHtml(t, 'small')).join('') + '</div>';
    if (sc.ok === false) {
      h += '<div>scoring error: ' + Escape(sc.error || '') + ' ' + Escape(sc.message || '') + '</div>';
    } else {
      h += '<table class="yaku">';
      for (const y of sc.yaku || []) {
        const v = y.limit ? LimitHandText(y.limit) : y.yakuman ? (y.yakuman === 1 ? 'yakuman' : y.yakuman + 'x yakuman') : HanText(y.han) + ' han';
        h += '<tr><td>' + Escape(y.name) + '</td><td>' + v + '</td></tr>';
      }
      h += '</table>';
      let total;
      if (sc.limit === 'limit' || sc.limit === 'half_limit') {
        total = LimitHandText(sc.limit);
      } else {
        total = sc.yakuman > 0 ? (sc.yakuman === 1 ? 'yakuman' : sc.yakuman + 'x yakuman') : HanText(sc.han) + ' han' + (sc.fu > 0 ? ' ' + sc.fu + ' fu' : '');
        if (sc.limit && sc.limit !== 'none') total += ', ' + Escape(sc.limit);
      }
      h += '<div class="total">' + total + ': ' + PaymentText(sc.payment, !tsumo) + '</div>';
      if ((sc.fu_breakdown || []).length) h += '<div class="fu">fu: ' + sc.fu_breakdown.map((f) => Escape(f.reason) + ' ' + f.fu).join(', ') + '</div>';
      if (sc.honba_bonus || sc.deposits) h += '<div>honba +' + sc.honba_bonus + ', deposits +' + sc.deposits + ', total ' + sc.total + '</div>';
    }
    if (e.pao >= 0) h += '<div class="pao">liability (pao): ' + SeatLabel(e.pao, st.oya) + '</div>';
    if (e.side_settlement) {
      const ss = e.side_settlement;
      const vals = ss.values.map((v, p) => (v >= 0 ? SeatLabel(p, st.oya) + ' ' + v : '')).filter(Boolean).join(', ');
      h += '<div class="side">side settlement among the losers: hand values ' + vals + '; ' + Deltas(ss.deltas, st.oya) + '</div>';
    }
    h += '<div>point changes: ' + Deltas(e.deltas, st.oya) + '</div></div>';
    return h;
  }
  function ResultHtml(i, st) {
    const e = events[i];
    if (e.type === 'hora') return HoraHtml(e, st);
    if (e.type === 'ryukyoku') {
      let h = '<div class="res"><b>' + (DRAW_TEXT[e.reason] || Escape(e.reason)) + '</b>';
      if (e.reason === 'fanpai' || e.reason === 'nagashimangan') {
        const ten = e.tenpais.map((t, p) => (t ? SeatLabel(p, st.oya) : '')).filter(Boolean);
        h += '<div>tenpai: ' + (ten.join(', ') || 'none') + '</div>';
        const nag = (e.nagashi || []).map((t, p) => (t ? SeatLabel(p, st.oya) : '')).filter(Boolean);
        if (nag.length) h += '<div>nagashi mangan: ' + nag.join(', ') + '</div>';
      }
      return h + '<div>point changes: ' + Deltas(e.deltas, st.oya) + '</div></div>';
    }
    if (e.type === 'protection') return '<div class="res">' + EventText(e, st.oya, names) + '</div>';
    if (e.type === 'shields_lost') {
      let lost = e.count ? e.count + ' face down' : '';
      if (e.tiles.length) lost += (lost ? ', ' : '') + 'face up ' + e.tiles.join(' ');
      return '<div class="res">' + SeatLabel(e.actor, st.oya) + ' loses shields (' + (LOSS_TEXT[e.cause] || Escape(e.cause)) + '): ' + (lost || 'none') + '</div>';
    }
    return '';
  }

  // Whether `viewer` (-1: everyone) sees seat p's concealed tiles in snapshot st.
  function HandVisible(st, p) {
    const s = st.seats[p];
    return viewSeat < 0 || viewSeat === p || s.open || s.won !== null || s.shown === true;
  }
  function MeldHtml(m, p, st) {
    const hidden = viewSeat >= 0 && viewSeat !== p && m.type === 'ankan';
    let h = '<span class="meld m-' + m.type + '" title="' + m.type + (m.from >= 0 ? ' from ' + SeatLabel(m.from, st.oya) : '') + '">';
    if (m.type === 'ankan') {
      // Closed kan: the two end tiles face down (all four hidden from the others under closed_kan_hidden).
      m.tiles.forEach((t, k) => {
        const back = hidden && (rules.closed_kan_hidden || k === 0 || k === 3);
        h += TileHtml(back ? 'back' : t, viewSeat < 0 ? 'closedkan' : '', back ? 'closed kan (hidden)' : undefined);
      });
    } else {
      const own = m.tiles.filter((t, k) => k < m.tiles.length - (m.added ? 2 : 1));
      const rel = (m.from - p + 4) % 4;  // 1: the next seat (right), 2: across, 3: the previous (left)
      const called = TileHtml(m.called, 'turned', m.called + ' called from ' + SeatLabel(m.from, st.oya));
      const addedTile = m.added ? TileHtml(m.added, 'turned added', m.added + ' added (kan)') : '';
      const parts = own.map((t) => TileHtml(t, ''));
      const at = rel === 3 ? 0 : rel === 2 ? 1 : parts.length;
      parts.splice(at, 0, called + addedTile);
      h += parts.join('');
    }
    return h + '</span>';
  }
  function SeatHtml(st, p, advice) {
    const s = st.seats[p];
    const wind = WINDS[(p - st.oya + 4) % 4];
    const vis = HandVisible(st, p);
    // Laid out as the seat's player sees it (river toward the centre, hand in front of the
    // player); the table turns the whole section to its side.
    let h = '<section class="seat' + (viewSeat === p ? ' me' : '') + (events[index] && events[index].actor === p ? ' active' : '') +
      '" data-seat="' + p + '">';
    h += '<div class="river">';
    s.river.forEach((r) => {
      const cls = [r.tsumogiri ? 'tg' : '', r.riichi ? 'turned riichi' : '', r.called ? 'called' : '', r.ron ? 'ronned' : ''].filter(Boolean).join(' ');
      h += TileHtml(r.pai, cls, r.pai + (r.tsumogiri ? ', tsumogiri' : '') + (r.riichi ? ', riichi tile' : '') + (r.called ? ', called' : '') + (r.ron ? ', ron' : ''));
    });
    h += '</div>';
    if (rules.shields && rules.shields.enabled) {
      const seeDown = viewSeat < 0 || viewSeat === p;
      h += '<div class="shields"><span class="lbl">shields</span><span class="down">';
      let out = s.exchanged ? s.exchanged.shield : null;
      for (const t of s.down) {
        const ex = out !== null && t === out;
        if (ex) out = null;
        h += TileHtml(seeDown ? t : 'back', 'facedown' + (ex ? ' exchanging' : ''), seeDown ? t + (ex ? ' (face-down shield, goes to the river)' : ' (face-down shield)') : 'face-down shield');
      }
      h += '</span><span class="up">';
      for (const t of s.up) h += TileHtml(t, '', t + ' (face-up shield)');
      h += '</span></div>';
    }
    h += '<div class="handrow"><span class="hand">';
    // An announced exchange marks the drawn copy first (as the engine takes it), else one hand copy.
    let mark = s.exchanged ? s.exchanged.pai : null;
    const drawnMarked = mark !== null && s.drawn === mark;
    if (drawnMarked) mark = null;
    // The reviewing agent's choice at this decision (a tile to discard), outlined once.
    let adv = vis && advice ? advice.pai : null;
    for (const t of s.hand) {
      const ex = mark !== null && t === mark;
      if (ex) mark = null;
      const ad = adv !== null && t === adv;
      if (ad) adv = null;
      h += TileHtml(vis ? t : 'back', (ex ? 'exchanging' : '') + (ad ? ' advice' : ''), vis ? (ex ? t + ' (goes face up into the shield area)' : ad ? t + ' (the reviewing agent plays this)' : undefined) : 'concealed');
    }
    const drawnAdvice = adv !== null && s.drawn === adv;
    if (s.drawn !== null) h += TileHtml(vis ? s.drawn : 'back', 'drawn' + (drawnMarked ? ' exchanging' : '') + (drawnAdvice ? ' advice' : ''), vis ? s.drawn + ' (drawn)' : 'drawn (concealed)');
    h += '</span>';
    if (s.won && !s.won.tsumo) h += '<span class="ronwin">' + TileHtml(s.won.pai, 'win', s.won.pai + ' (ron)') + '</span>';
    h += '<span class="melds">' + s.melds.map((m) => MeldHtml(m, p, st)).join('') + '</span></div>';
    h += '<header><span class="wind">' + wind + '</span> seat ' + p + ' · <span title="' + Escape(names[p]) + '">' + Escape(ShortName(names[p])) + '</span>' +
      ' · <span class="score">' + st.scores[p] + '</span>' + (s.riichi ? ' <span class="flag">' + (s.open ? 'open riichi' : 'riichi') + '</span>' : '') +
      (s.won ? ' <span class="flag win">' + (s.won.tsumo ? 'tsumo' : 'ron') + '</span>' : '') + '</header>';
    return h + '</section>';
  }
  // No honba counter where honba are worth nothing (honba_value 0: Ningbo, Dunpai), as replay show.
  const showHonba = rules.honba_value !== 0;
  // The seat at the bottom of the table: the viewed seat, else the one chosen (seat 0 first).
  let bottomSeat = 0;
  function Bottom() { return viewSeat >= 0 ? viewSeat : bottomSeat; }
  function Render() {
    const st = states[index];
    const e = events[index];
    const stopped = !doc.complete && index === events.length - 1;
    let info = '<div class="round">' + (st.hand >= 0 ? WIND_NAMES[WINDS.indexOf(st.bakaze)] + ' ' + st.kyoku : '—') +
      '</div>' + (showHonba ? '<div>honba <b>' + st.honba + '</b></div>' : '') + '<div>riichi sticks <b>' + st.kyotaku + '</b></div><div>wall <b class="wallcount">' +
      (st.hand >= 0 ? st.wall : '—') + '</b></div><div class="dora">' + (rules.dora === false ? 'no dora' : 'dora ' + st.dora.map((t) => TileHtml(t, 'small')).join('')) + '</div>';
    if (st.ura.length) info += '<div class="ura">ura ' + st.ura.map((t) => TileHtml(t, 'small')).join('') + '</div>';
    SetHtml('info', info);
    SetHtml('evtext', '<span class="pos">event ' + index + ' / ' + (events.length - 1) + '</span> ' +
      (e ? EventText(e, st.oya, names) : '') + faults.filter((f) => f.event === index).map((f) => ' ' + FaultHtml(f)).join('') + (stopped ? ' <span class="stop">— the game stopped here: ' + Escape(doc.error || 'incomplete record') + '</span>' : ''));
    // Around the table: the bottom seat, then to its right (the next seat), across, to its left.
    const b = Bottom();
    const here = reviewAt[index] || [];
    const advice = [null, null, null, null];
    for (const d of here) {
      const c = d.choice;
      if (c && (c.type === 'discard' || c.type === 'riichi' || c.type === 'open_riichi') && c.pai) advice[d.seat] = { pai: c.pai };
    }
    let plates = '';
    POSITIONS.forEach((pos, k) => {
      const p = (b + k) % 4;
      const html = SeatHtml(st, p, advice[p]);
      if (seatHtml[k] !== html) { seatHtml[k] = html; seatBoxes[k].innerHTML = html; }
      plates += '<div class="plate plate-' + pos + (events[index] && events[index].actor === p ? ' active' : '') + '"><span class="wind">' + WINDS[(p - st.oya + 4) % 4] + '</span> ' +
        '<span class="pname" title="' + Escape(names[p]) + '">' + Escape(ShortName(names[p])) + '</span>' + (SubstitutedAt(p, index) ? ' <span class="fault" title="a substitute plays this seat since its fault">(substituted)</span>' : '') +
        ' <b>' + st.scores[p] + '</b>' + (st.seats[p].riichi ? ' <span class="stick" title="riichi stick"></span>' : '') + '</div>';
    });
    SetHtml('plates', plates);
    let res = st.results.map((i) => ResultHtml(i, st)).join('');
    if (st.final) {
      const f = st.final;
      res += '<div class="res"><b>Final</b><table class="final">' + [0, 1, 2, 3].sort((x, y) => f.ranks[x] - f.ranks[y])
        .map((p) => '<tr><td>' + f.ranks[p] + '.</td><td>seat ' + p + ' ' + Escape(names[p]) + '</td><td>' + f.scores[p] + '</td><td>' +
          (f.results[p] > 0 ? '+' : '') + f.results[p] + '</td></tr>').join('') + '</table></div>';
    }
    SetHtml('result', res);
    if (review) SetHtml('reviewnow', here.map((d) => DecisionHtml(d, st)).join('') || '<div class="quiet">no reviewed decision after this event</div>');
    const hb = document.querySelector('#timeline .hb.now');
    if (hb) hb.classList.remove('now');
    const cur = document.querySelector('#timeline .hb[data-hand="' + st.hand + '"]');
    if (cur) cur.classList.add('now');
    const cursor = document.getElementById('cursor');
    if (cursor) cursor.style.left = (100 * index / Math.max(1, events.length - 1)) + '%';
    document.getElementById('handsel').value = String(st.hand);
    const frag = '#e=' + index + (viewSeat >= 0 ? '&v=' + viewSeat : '');
    if (location.hash !== frag) history.replaceState(null, '', frag);
  }
  // Sets an element's HTML only when it changed (most steps change one or two seats only).
  const shown = {};
  function SetHtml(id, html) {
    if (shown[id] === html) return;
    shown[id] = html;
    document.getElementById(id).innerHTML = html;
  }
  function Go(i) {
    index = Math.max(0, Math.min(events.length - 1, i | 0));
    Render();
  }
  // The next (dir 1) or previous (dir -1) event where `seat` acts on its own turn (draw or call).
  function SeatTurn(seat, dir) {
    for (let i = index + dir; i >= 0 && i < events.length; i += dir) {
      const e = events[i];
      if (e.actor === seat && (e.type === 'tsumo' || e.type === 'chi' || e.type === 'pon' || e.type === 'daiminkan')) return i;
    }
    return index;
  }
  function HandJump(dir) {
    const h = states[index].hand;
    const target = dir > 0 ? handStarts[h + 1] : (index > handStarts[h] ? handStarts[h] : handStarts[h - 1]);
    if (target !== undefined) Go(target);
    else if (dir > 0) Go(events.length - 1);
    else Go(0);
  }
  function SyncBottom() {
    if (viewSeat >= 0) bottomSeat = viewSeat;
    document.getElementById('bottomsel').value = String(bottomSeat);
  }
  function ReadFragment() {
    const m = /e=(\d+)/.exec(location.hash);
    const v = /v=(\d)/.exec(location.hash);
    viewSeat = v && +v[1] < 4 ? +v[1] : -1;
    document.getElementById('viewsel').value = String(viewSeat);
    SyncBottom();
    Go(m ? +m[1] : 0);
  }


  // ---------------------------------------------------------------- review and timeline
  const POSITIONS = ['bottom', 'right', 'top', 'left'];
  const review = doc.review && Array.isArray(doc.review.decisions) ? doc.review : null;
  const reviewAt = {};  // event index -> the decisions made after it
  const flagged = [];   // event indices of flagged decisions (mistakes), sorted
  if (review) {
    const worst = new Set();
    for (const s of review.summary || []) for (const i of s.largest_losses || []) worst.add(i);
    review.decisions.forEach((d, k) => {
      (reviewAt[d.event] = reviewAt[d.event] || []).push(d);
      d.flag = review.estimates ? worst.has(k) : !d.match;
      if (d.flag && flagged[flagged.length - 1] !== d.event) flagged.push(d.event);
    });
    flagged.sort((x, y) => x - y);
  }
  function ActionText(a) {
    if (!a) return '?';
    let t = a.type + (a.pai ? ' ' + a.pai : '');
    if (a.consumed && a.type !== 'discard') t += ' with ' + a.consumed.join(' ');
    return Escape(t);
  }
  function SameAction(a, b) { return !!(a && b && a.type === b.type && a.pai === b.pai && (a.consumed || []).slice().sort().join() === (b.consumed || []).slice().sort().join()); }
  function Pct(x) { return x === undefined ? '' : (100 * x).toFixed(1) + '%'; }
  function DecisionHtml(d, st) {
    let h = '<div class="dec' + (d.flag ? ' flagged' : '') + '"><div><b>' + SeatLabel(d.seat, st.oya) + ' ' + Escape(names[d.seat]) + '</b> · ' + Escape(d.kind) +
      ' · ' + d.legal + ' choices</div><div>played <b>' + ActionText(d.taken) + '</b> · ' + Escape(review.agent) + ': <b class="choice">' + ActionText(d.choice) + '</b> ' +
      (d.match ? '<span class="ok">agrees</span>' : '<span class="bad">differs</span>') + (d.loss !== undefined ? ' · loss <b>' + d.loss + '</b>' : '') + '</div>';
    if (d.estimates && d.estimates.length) {
      h += '<table class="est"><tr><th>action</th><th>value</th><th>win</th><th>deal-in</th><th></th></tr>';
      for (const x of d.estimates) {
        const cls = [SameAction(x.action, d.choice) ? 'choice' : '', SameAction(x.action, d.taken) ? 'taken' : ''].filter(Boolean).join(' ');
        h += '<tr class="' + cls + '"><td>' + ActionText(x.action) + (SameAction(x.action, d.taken) ? ' ◀ played' : '') + '</td><td>' + x.value + '</td><td>' + Pct(x.win) + '</td><td>' +
          Pct(x.deal_in) + '</td><td>' + Escape(x.note || '') + '</td></tr>';
      }
      h += '</table>';
    }
    return h + '</div>';
  }
  function ReviewSummaryHtml() {
    let h = '<div class="revhead"><b>Review</b> by <b>' + Escape(review.agent) + '</b>' + (review.estimates ? '' : ' (choices only: the agent gives no estimates)') +
      ' <button id="prevmistake" title="previous flagged decision (shift+M)">◀ mistake</button><button id="nextmistake" title="next flagged decision (M)">mistake ▶</button></div><table class="revsum">';
    for (const s of review.summary || []) {
      h += '<tr><td>seat ' + s.seat + ' ' + Escape(s.name) + '</td><td>' + s.matches + '/' + s.decisions + ' agree (' + Pct(s.agreement) + ')</td><td>' +
        (s.loss !== undefined ? 'loss ' + s.loss : (s.mismatches || []).length + ' differ') + '</td><td class="kinds">' +
        Object.keys(s.by_kind || {}).map((k) => Escape(k) + ' ' + Pct(s.by_kind[k].agreement) + (s.by_kind[k].loss !== undefined ? ' (' + s.by_kind[k].loss + ')' : '')).join(', ') + '</td></tr>';
    }
    return h + '</table><div id="reviewnow"></div>';
  }
  // One block per hand (its result and the scores after it) and score lines across the game;
  // the flagged decisions of a review as marks on the event bar.
  function TimelineHtml() {
    let h = '<div class="hands">';
    const after = [];
    handStarts.forEach((start, k) => {
      const end = k + 1 < handStarts.length ? handStarts[k + 1] - 1 : events.length - 1;
      const st = states[end];
      const e = events[start];
      let kind = 'unfinished', text = '';
      for (let i = start; i <= end; ++i) {
        const x = events[i];
        if (x.type === 'hora') { kind = 'win'; text += (text ? '; ' : '') + 'seat ' + x.actor + (x.actor === x.target ? ' tsumo' : ' ron from seat ' + x.target); }
        if (x.type === 'ryukyoku') { kind = 'draw'; text = DRAW_TEXT[x.reason] || x.reason; }
      }
      after.push(st.scores);
      const label = e.bakaze + e.kyoku + (showHonba ? '-' + e.honba : '');
      h += '<button class="hb ' + kind + '" data-hand="' + k + '" title="' + Escape(label + ': ' + (text || 'unfinished') + ' → ' + st.scores.join(' / ')) + '">' + label + '</button>';
    });
    h += '</div>';
    if (handStarts.length) {
      const all = [events[handStarts[0]].scores].concat(after);
      let lo = Infinity, hi = -Infinity;
      for (const sc of all) for (const v of sc) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      if (hi === lo) hi = lo + 1;
      const W = 600, H = 64;
      const x = (k) => 4 + (W - 8) * k / Math.max(1, all.length - 1);
      const y = (v) => 4 + (H - 8) * (hi - v) / (hi - lo);
      h += '<svg class="scores" viewBox="0 0 ' + W + ' ' + H + '" preserveAspectRatio="none">';
      for (let p = 0; p < 4; ++p)
        h += '<polyline class="line s' + p + '" points="' + all.map((sc, k) => x(k).toFixed(1) + ',' + y(sc[p]).toFixed(1)).join(' ') + '"><title>seat ' + p + ' ' + Escape(names[p]) + '</title></polyline>';
      h += '</svg><div class="legend">' + [0, 1, 2, 3].map((p) => '<span class="s' + p + '" title="' + Escape(names[p]) + '">■ seat ' + p + ' ' + Escape(ShortName(names[p])) + '</span>').join(' ') + '</div>';
    }
    h += '<div class="bar" id="bar" title="the game\'s events: click to jump' + (review ? '; red: flagged decisions' : '') + '">' +
      flagged.map((i) => '<i class="mark" data-e="' + i + '" style="left:' + (100 * i / Math.max(1, events.length - 1)) + '%" title="flagged decision after event ' + i + '"></i>').join('') +
      faults.map((f) => '<i class="mark faultmark" data-e="' + f.event + '" style="left:' + (100 * f.event / Math.max(1, events.length - 1)) + '%" title="' +
        Escape('fault of seat ' + f.seat + ' at event ' + f.event + ': ' + (f.error || '')) + '"></i>').join('') + '<i id="cursor"></i></div>';
    return h;
  }
  function Mistake(dir) {
    if (!flagged.length) return index;
    if (dir > 0) { for (const i of flagged) if (i > index) return i; return flagged[0]; }
    for (let k = flagged.length - 1; k >= 0; --k) if (flagged[k] < index) return flagged[k];
    return flagged[flagged.length - 1];
  }

  function Build() {
    InstallTileStyles();
    const handOptions = handStarts.map((i, k) => {
      const e = events[i];
      return '<option value="' + k + '">hand ' + k + ': ' + WIND_NAMES[WINDS.indexOf(e.bakaze)] + ' ' + e.kyoku + (showHonba ? ' (' + e.honba + ')' : '') + '</option>';
    }).join('');
    const seatOptions = [0, 1, 2, 3].map((p) => '<option value="' + p + '">seat ' + p + ' ' + Escape(names[p]) + '</option>').join('');
    document.getElementById('app').innerHTML =
      '<div class="top"><div class="title">' + Escape(doc.title || 'replay') + ' · ruleset <b>' + Escape(rules.name || '?') + '</b> · seed ' + Escape(doc.seed) +
      (doc.complete ? '' : ' · <span class="stop">incomplete: ' + Escape(doc.error || 'stopped') + '</span>') +
      (faults.length ? ' · <span class="fault" id="faultcount" title="' + Escape(faults.map((f) => 'seat ' + f.seat + ' at event ' + f.event + ': ' + (f.error || '')).join('\n')) + '">' +
        faults.length + ' fault' + (faults.length === 1 ? '' : 's') + '</span>' : '') + '</div>' +
      '<nav><button id="prevhand" title="previous hand (PageUp)">« hand</button><button id="prev" title="previous event (←)">◀ event</button>' +
      '<button id="next" title="next event (→)">event ▶</button><button id="nexthand" title="next hand (PageDown)">hand »</button>' +
      '<select id="handsel" title="jump to a hand">' + handOptions + '</select>' +
      '<span class="turns">turns of <select id="turnseat">' + seatOptions + '</select><button id="prevturn" title="previous turn of the seat (↑)">◀</button>' +
      '<button id="nextturn" title="next turn of the seat (↓)">▶</button></span>' +
      '<label>view <select id="viewsel"><option value="-1">all hands open</option>' +
      [0, 1, 2, 3].map((p) => '<option value="' + p + '">seat ' + p + "'s own view</option>").join('') + '</select></label>' +
      '<label>bottom <select id="bottomsel" title="the seat at the bottom of the table (a seat\'s own view puts it there)">' +
      [0, 1, 2, 3].map((p) => '<option value="' + p + '">seat ' + p + '</option>').join('') + '</select></label></nav>' +
      '<div id="evtext" class="evtext"></div><div id="timeline" class="timeline">' + TimelineHtml() + '</div></div>' +
      '<div class="main"><div id="table" class="table">' + POSITIONS.map((pos) => '<div class="pos pos-' + pos + '"></div>').join('') +
      '<div class="center"><div id="info" class="info"></div><div id="plates"></div></div></div>' +
      '<div class="side">' + (review ? '<div id="review" class="review">' + ReviewSummaryHtml() + '</div>' : '') + '<div id="result" class="result"></div></div></div>';
    seatBoxes = POSITIONS.map((pos) => document.querySelector('#table .pos-' + pos));
    const on = (id, f) => document.getElementById(id).addEventListener('click', f);
    on('prev', () => Go(index - 1));
    on('next', () => Go(index + 1));
    on('prevhand', () => HandJump(-1));
    on('nexthand', () => HandJump(1));
    const turnSeat = () => +document.getElementById('turnseat').value;
    on('prevturn', () => Go(SeatTurn(turnSeat(), -1)));
    on('nextturn', () => Go(SeatTurn(turnSeat(), 1)));
    document.getElementById('handsel').addEventListener('change', (ev) => {
      const k = +ev.target.value;
      if (handStarts[k] !== undefined) Go(handStarts[k]);
    });
    document.getElementById('viewsel').addEventListener('change', (ev) => { viewSeat = +ev.target.value; SyncBottom(); Render(); });
    document.getElementById('bottomsel').addEventListener('change', (ev) => {
      bottomSeat = +ev.target.value;
      if (viewSeat >= 0) { viewSeat = bottomSeat; document.getElementById('viewsel').value = String(viewSeat); }
      Render();
    });
    document.getElementById('timeline').addEventListener('click', (ev) => {
      const t = ev.target;
      if (t.classList.contains('hb')) { Go(handStarts[+t.dataset.hand]); return; }
      if (t.classList.contains('mark')) { Go(+t.dataset.e); return; }
      const bar = document.getElementById('bar');
      if (t === bar) { const r = bar.getBoundingClientRect(); Go(Math.round((ev.clientX - r.left) / r.width * (events.length - 1))); }
    });
    if (review) {
      on('nextmistake', () => Go(Mistake(1)));
      on('prevmistake', () => Go(Mistake(-1)));
    }
    document.addEventListener('keydown', (ev) => {
      if (ev.target && ev.target.tagName === 'SELECT') return;
      const keys = {
        ArrowRight: () => Go(index + 1), ArrowLeft: () => Go(index - 1), PageDown: () => HandJump(1), PageUp: () => HandJump(-1),
        ArrowDown: () => Go(SeatTurn(turnSeat(), 1)), ArrowUp: () => Go(SeatTurn(turnSeat(), -1)),
        Home: () => Go(0), End: () => Go(events.length - 1),
        m: () => Go(Mistake(1)), M: () => Go(Mistake(-1)),
      };
      if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
    });
    window.addEventListener('hashchange', ReadFragment);
    ReadFragment();
  }

  window.mjViewer = {
    readyMs: 0,  // ms from the page's navigation start until the first picture was drawn
    go: Go,
    get index() { return index; },
    count: events.length,
    view: (p) => { viewSeat = p; document.getElementById('viewsel').value = String(p); SyncBottom(); Render(); },
    review: review ? { decisions: review.decisions.length, flagged: flagged.slice() } : null,
    faults: faults.map((f) => f.event),
  };
  Build();
  window.mjViewer.readyMs = performance.now();
})();
