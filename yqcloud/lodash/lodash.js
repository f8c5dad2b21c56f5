// A lodash-compatible `_` for YQCloud hooks. Own implementation; behaviour is
// checked against real lodash by testdata/gen_golden.js and lodash_test.go.
// Sloppy mode on purpose: lodash ignores failed writes instead of throwing.
(function (global) {
  // Go functions (native.go), there only while lodash.Install runs this program.
  var native = global.__lodashNative;
  var objProto = Object.prototype;
  var hasOwnProp = objProto.hasOwnProperty;
  var objToString = objProto.toString;
  var propIsEnumerable = objProto.propertyIsEnumerable;
  var fnToString = Function.prototype.toString;
  var objCtorString = fnToString.call(Object);
  var isArray = Array.isArray;
  var objectKeys = Object.keys;
  var getProto = Object.getPrototypeOf;
  var getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var getOwnSymbols = Object.getOwnPropertySymbols;
  var defineProp = Object.defineProperty;
  var freeze = Object.freeze;
  var mathMax = Math.max, mathMin = Math.min, mathCeil = Math.ceil, mathFloor = Math.floor;
  var symToString = Symbol.prototype.toString;
  var arrayJoin = Array.prototype.join;

  var MAX_SAFE = 9007199254740991;
  var MAX_INT = 1.7976931348623157e308;
  var MAX_ARRAY_LENGTH = 4294967295;
  var PARTIAL = 1, UNORDERED = 2;

  var T_ARGS = '[object Arguments]', T_ARRAY = '[object Array]', T_BOOL = '[object Boolean]',
    T_DATE = '[object Date]', T_ERROR = '[object Error]', T_MAP = '[object Map]',
    T_NUMBER = '[object Number]', T_OBJECT = '[object Object]', T_REGEXP = '[object RegExp]',
    T_SET = '[object Set]', T_STRING = '[object String]', T_SYMBOL = '[object Symbol]',
    T_ARRAYBUFFER = '[object ArrayBuffer]', T_DATAVIEW = '[object DataView]';

  // The exported functions are methods: no prototype object to make and freeze in
  // every runtime.
  var M = {
    identity(v) { return v; },
    noop() {},
    eq(a, b) { return a === b || (a !== a && b !== b); },
    isObject(v) { var t = typeof v; return v != null && (t === 'object' || t === 'function'); },
    isObjectLike(v) { return v != null && typeof v === 'object'; },
    isFunction(v) { return typeof v === 'function'; },
    isLength(v) { return typeof v === 'number' && v > -1 && v % 1 === 0 && v <= MAX_SAFE; },
    isArrayLike(v) { return v != null && typeof v !== 'function' && isLength(v.length); },
    isArrayLikeObject(v) { return isObjectLike(v) && isArrayLike(v); },
    isArguments(v) { return isObjectLike(v) && rawTag(v) === T_ARGS; },
    isTypedArray(v) {
      return isObjectLike(v) && ArrayBuffer.isView(v) && rawTag(v) !== T_DATAVIEW;
    },
    isString(v) { return typeof v === 'string' || (isObjectLike(v) && !isArray(v) && rawTag(v) === T_STRING); },
    isNumber(v) { return typeof v === 'number' || (isObjectLike(v) && rawTag(v) === T_NUMBER); },
    isBoolean(v) { return v === true || v === false || (isObjectLike(v) && rawTag(v) === T_BOOL); },
    isSymbol(v) { return typeof v === 'symbol' || (isObjectLike(v) && rawTag(v) === T_SYMBOL); },
    isRegExp(v) { return isObjectLike(v) && rawTag(v) === T_REGEXP; },
    isNil(v) { return v == null; },
    isNull(v) { return v === null; },
    isUndefined(v) { return v === undefined; },
    isPlainObject(v) {
      if (!isObjectLike(v) || rawTag(v) !== T_OBJECT) return false;
      var proto = getProto(v);
      if (proto === null || proto === objProto) return true;
      var Ctor = hasOwn(proto, 'constructor') && proto.constructor;
      return typeof Ctor === 'function' && Ctor instanceof Ctor && fnToString.call(Ctor) === objCtorString;
    },
    isEmpty(v) {
      if (v == null) return true;
      if (isArrayLike(v) && (isArray(v) || typeof v === 'string' || typeof v.splice === 'function' ||
          isTypedArray(v) || isArguments(v))) {
        return !v.length;
      }
      var tag = tagOf(v);
      if (tag === T_MAP || tag === T_SET) return !v.size;
      if (isPrototype(v)) return !ownKeysNoCtor(v).length;
      for (var k in v) if (hasOwn(v, k)) return false;
      return true;
    },
    toStr(v) { return v == null ? '' : baseToString(v); },
    toNumber(v) {
      if (typeof v === 'number') return v;
      if (isSymbol(v)) return NaN;
      if (isObject(v)) {
        var o = typeof v.valueOf === 'function' ? v.valueOf() : v;
        v = isObject(o) ? (o + '') : o;
      }
      if (typeof v !== 'string') return v === 0 ? v : +v;
      v = trimWS(v);
      if (/^0b[01]+$/i.test(v)) return parseInt(v.slice(2), 2);
      if (/^0o[0-7]+$/i.test(v)) return parseInt(v.slice(2), 8);
      if (/^[-+]0x[0-9a-f]+$/i.test(v)) return NaN;
      return +v;
    },
    toFinite(v) {
      if (!v) return v === 0 ? v : 0;
      v = toNumber(v);
      if (v === Infinity || v === -Infinity) return (v < 0 ? -1 : 1) * MAX_INT;
      return v === v ? v : 0;
    },
    toInteger(v) {
      var r = toFinite(v);
      var rem = r % 1;
      return r === r ? (rem ? r - rem : r) : 0;
    },
    clamp(number, lower, upper) {
      if (upper === undefined) { upper = lower; lower = undefined; }
      if (upper !== undefined) { upper = toNumber(upper); upper = upper === upper ? upper : 0; }
      if (lower !== undefined) { lower = toNumber(lower); lower = lower === lower ? lower : 0; }
      return clampNum(toNumber(number), lower, upper);
    },
    castArray() {
      if (!arguments.length) return [];
      var v = arguments[0];
      return isArray(v) ? v : [v];
    },
    keys(o) {
      if (o == null) return [];
      if (isArrayLike(o)) return arrayLikeKeys(o, false);
      if (isPrototype(o)) return ownKeysNoCtor(o);
      return objectKeys(Object(o));
    },
    keysIn(o) {
      if (o == null) return [];
      if (isArrayLike(o)) return arrayLikeKeys(o, true);
      var out = [], proto = isObject(o) && isPrototype(o);
      for (var k in o) {
        if (k === 'constructor' && (proto || !hasOwn(o, k))) continue;
        out.push(k);
      }
      return out;
    },
    values(o) {
      if (o == null) return [];
      var ks = keys(o), out = new Array(ks.length), it = Object(o);
      for (var i = 0; i < ks.length; i++) out[i] = it[ks[i]];
      return out;
    },
    toPairs(o) {
      var tag = tagOf(o), out = [];
      if (tag === T_MAP) { o.forEach(function (v, k) { out.push([k, v]); }); return out; }
      if (tag === T_SET) { o.forEach(function (v) { out.push([v, v]); }); return out; }
      var ks = keys(o), it = Object(o);
      for (var i = 0; i < ks.length; i++) out.push([ks[i], it[ks[i]]]);
      return out;
    },
    fromPairs(pairs) {
      var out = {}, n = pairs == null ? 0 : pairs.length;
      for (var i = 0; i < n; i++) { var p = pairs[i]; baseAssignValue(out, p[0], p[1]); }
      return out;
    },
    toPath(v) {
      if (isArray(v)) { var out = new Array(v.length); for (var i = 0; i < v.length; i++) out[i] = toKey(v[i]); return out; }
      return isSymbol(v) ? [v] : stringToPath(toStr(v)).slice();
    },
    get(o, path, def) {
      var r;
      if (o == null) r = undefined;
      else if (typeof path === 'string' && keyKind(path) !== 0) r = o[path];
      else r = baseGet(o, path);
      return r === undefined ? def : r;
    },
    has(o, path) { return o != null && hasPath(o, path, testOwn); },
    hasIn(o, path) { return o != null && hasPath(o, path, testIn); },
    set(o, path, value) { return o == null ? o : baseSet(o, path, value); },
    unset(o, path) {
      if (o == null) return true;
      path = castPath(path, o);
      var n = path.length;
      for (var i = 0; i < n; i++) {
        var k = toKey(path[i]);
        if (k === '__proto__' ? !hasOwn(o, k) : (i < n - 1 && (k === 'constructor' || k === 'prototype'))) return false;
      }
      var parent = n < 2 ? o : baseGet(o, path.slice(0, -1));
      if (parent == null) return true;
      return delete parent[toKey(path[path.length - 1])];
    },
    isEqual(a, b) { return baseIsEqual(a, b, 0, null); },
    matches(src) {
      var data = matchData(src);
      if (data.length === 1 && data[0][2]) return strictMatcher(data[0][0], data[0][1]);
      return function (o) { return o === src || isMatchWith(o, data); };
    },
    isMatch(o, src) { return o === src || isMatchWith(o, matchData(src)); },
    matchesProperty(path, sv) {
      if (isKey(path) && isStrictComparable(sv)) return strictMatcher(toKey(path), sv);
      return function (o) {
        var ov = get(o, path);
        return (ov === undefined && ov === sv) ? hasIn(o, path) : baseIsEqual(sv, ov, PARTIAL | UNORDERED, null);
      };
    },
    property(path) {
      if (isKey(path)) {
        var key = toKey(path);
        return function (o) { return o == null ? undefined : o[key]; };
      }
      if (isArray(path)) return function (o) { return baseGet(o, path); };
      var whole = toStr(path), parsed = stringToPath(whole);
      return function (o) {
        if (o == null) return undefined;
        if (whole in Object(o)) return o[whole];
        return baseGet(o, parsed);
      };
    },
    iteratee(v) {
      if (typeof v === 'function') return v;
      if (v == null) return identity;
      if (typeof v === 'object') return isArray(v) ? matchesProperty(v[0], v[1]) : matches(v);
      return property(v);
    },
    forEach(c, fn) {
      fn = castFunction(fn);
      if (isArray(c)) {
        for (var i = 0, n = c.length; i < n; i++) if (fn(c[i], i, c) === false) break;
        return c;
      }
      return each(c, fn);
    },
    map(c, fn) {
      var f = iteratee(fn), out, i, n;
      if (isArray(c)) {
        n = c.length; out = new Array(n);
        for (i = 0; i < n; i++) out[i] = f(c[i], i, c);
        return out;
      }
      out = [];
      each(c, function (v, k, o) { out.push(f(v, k, o)); });
      return out;
    },
    filter(c, fn) {
      var f = iteratee(fn), out = [], i, n, v;
      if (isArray(c)) {
        for (i = 0, n = c.length; i < n; i++) { v = c[i]; if (f(v, i, c)) out.push(v); }
        return out;
      }
      each(c, function (v, k, o) { if (f(v, k, o)) out.push(v); });
      return out;
    },
    reject(c, fn) {
      var f = iteratee(fn);
      return filter(c, function (v, k, o) { return !f(v, k, o); });
    },
    some(c, fn, guard) {
      if (guard && isIterateeCall(c, fn, guard)) fn = undefined;
      var f = iteratee(fn), r = false;
      each(c, function (v, k, o) { return !(r = !!f(v, k, o)); });
      return r;
    },
    every(c, fn, guard) {
      if (guard && isIterateeCall(c, fn, guard)) fn = undefined;
      var f = iteratee(fn), r = true;
      each(c, function (v, k, o) { return (r = !!f(v, k, o)); });
      return r;
    },
    reduce(c, fn, acc) {
      var f = iteratee(fn), init = arguments.length < 3;
      each(c, function (v, k, o) {
        if (init) { init = false; acc = v; } else acc = f(acc, v, k, o);
      });
      return acc;
    },
    findIndex(a, fn, from) {
      var n = a == null ? 0 : a.length;
      if (!n) return -1;
      var i = from == null ? 0 : toInteger(from);
      if (i < 0) i = mathMax(n + i, 0);
      var f = iteratee(fn);
      for (; i < n; i++) if (f(a[i], i, a)) return i;
      return -1;
    },
    findLastIndex(a, fn, from) {
      var n = a == null ? 0 : a.length;
      if (!n) return -1;
      var i = n - 1;
      if (from !== undefined) {
        i = toInteger(from);
        i = from < 0 ? mathMax(n + i, 0) : mathMin(i, n - 1);
      }
      var f = iteratee(fn);
      for (; i >= 0; i--) if (f(a[i], i, a)) return i;
      return -1;
    },
    sortBy(c) {
      if (c == null) return [];
      var its = [];
      for (var i = 1; i < arguments.length; i++) its.push(arguments[i]);
      var n = its.length;
      if (n > 1 && isIterateeCall(c, its[0], its[1])) its = [];
      else if (n > 2 && isIterateeCall(its[0], its[1], its[2])) its = [its[0]];
      return baseOrderBy(c, flattenTo([], its, 1, isFlattenable, false), []);
    },
    orderBy(c, its, orders, guard) {
      if (c == null) return [];
      if (!isArray(its)) its = its == null ? [] : [its];
      orders = guard ? undefined : orders;
      if (!isArray(orders)) orders = orders == null ? [] : [orders];
      return baseOrderBy(c, its, orders);
    },
    flatten(a) { return a != null && a.length ? flattenTo([], a, 1, isFlattenable, false) : []; },
    flattenDeep(a) { return a != null && a.length ? flattenTo([], a, Infinity, isFlattenable, false) : []; },
    flatMap(c, fn) { return flattenTo([], map(c, fn), 1, isFlattenable, false); },
    compact(a) {
      var out = [], n = a == null ? 0 : a.length;
      for (var i = 0; i < n; i++) if (a[i]) out.push(a[i]);
      return out;
    },
    chunk(a, size, guard) {
      if (guard ? isIterateeCall(a, size, guard) : size === undefined) size = 1;
      else size = mathMax(toInteger(size), 0);
      var n = a == null ? 0 : a.length;
      if (!n || size < 1) return [];
      var out = [];
      for (var i = 0; i < n; i += size) out.push(slice(a, i, i + size));
      return out;
    },
    take(a, n, guard) {
      if (!(a != null && a.length)) return [];
      n = (guard || n === undefined) ? 1 : toInteger(n);
      return slice(a, 0, n < 0 ? 0 : n);
    },
    takeRight(a, n, guard) {
      var len = a == null ? 0 : a.length;
      if (!len) return [];
      n = (guard || n === undefined) ? 1 : toInteger(n);
      n = len - n;
      return slice(a, n < 0 ? 0 : n, len);
    },
    drop(a, n, guard) {
      var len = a == null ? 0 : a.length;
      if (!len) return [];
      n = (guard || n === undefined) ? 1 : toInteger(n);
      return slice(a, n < 0 ? 0 : n, len);
    },
    head(a) { return a != null && a.length ? a[0] : undefined; },
    last(a) { var n = a == null ? 0 : a.length; return n ? a[n - 1] : undefined; },
    nth(a, n) {
      if (!(a != null && a.length)) return undefined;
      var len = a.length;
      n = toInteger(n);
      if (n < 0) n += len;
      return isIndex(n, len) ? a[n] : undefined;
    },
    includes(c, v, from, guard) {
      c = isArrayLike(c) ? c : values(c);
      from = (from && !guard) ? toInteger(from) : 0;
      var n = c.length;
      if (from < 0) from = mathMax(n + from, 0);
      if (isString(c)) return from <= n && c.indexOf(v, from) > -1;
      return !!n && indexOfSVZ(c, v, from) > -1;
    },
    uniqBy(a, fn) {
      var n = a == null ? 0 : a.length;
      if (!n) return [];
      var f = iteratee(fn), seen = new Set(), out = [];
      for (var i = 0; i < n; i++) {
        var v = a[i], k = f(v);
        if (k === 0) k = 0; // -0 and 0 are one key
        if (!seen.has(k)) { seen.add(k); out.push(v === 0 ? 0 : v); }
      }
      return out;
    },
    uniq(a) { return uniqBy(a, identity); },
    difference(a) {
      if (!isArrayLikeObject(a)) return [];
      var rest = [];
      for (var i = 1; i < arguments.length; i++) rest.push(arguments[i]);
      return differenceOf(a, flattenTo([], rest, 1, isArrayLikeObject, true));
    },
    without(a) {
      if (!isArrayLikeObject(a)) return [];
      var vals = [];
      for (var i = 1; i < arguments.length; i++) vals.push(arguments[i]);
      return differenceOf(a, vals);
    },
    intersection() {
      var n = arguments.length;
      if (!n) return [];
      var lists = [];
      for (var i = 0; i < n; i++) {
        if (!isArrayLikeObject(arguments[i])) return [];
        lists.push(arguments[i]);
      }
      var first = lists[0], others = [], out = [], seen = new Set();
      for (i = 1; i < n; i++) others.push(setOf(lists[i]));
      outer: for (i = 0; i < first.length; i++) {
        var v = first[i], k = v === 0 ? 0 : v;
        if (seen.has(k)) continue;
        for (var j = 0; j < others.length; j++) if (!others[j].has(k)) continue outer;
        seen.add(k); out.push(k);
      }
      return out;
    },
    union() {
      var lists = [];
      for (var i = 0; i < arguments.length; i++) lists.push(arguments[i]);
      return uniq(flattenTo([], lists, 1, isArrayLikeObject, true));
    },
    zip() {
      var groups = [], len = 0;
      for (var i = 0; i < arguments.length; i++) {
        var g = arguments[i];
        if (isArrayLikeObject(g)) { groups.push(g); len = mathMax(len, g.length); }
      }
      var out = [];
      for (i = 0; i < len; i++) {
        var row = new Array(groups.length);
        for (var j = 0; j < groups.length; j++) row[j] = groups[j][i];
        out.push(row);
      }
      return out;
    },
    range(start, end, step) {
      if (step && typeof step !== 'number' && isIterateeCall(start, end, step)) end = step = undefined;
      start = toFinite(start);
      if (end === undefined) { end = start; start = 0; } else end = toFinite(end);
      step = step === undefined ? (start < end ? 1 : -1) : toFinite(step);
      var n = mathMax(mathCeil((end - start) / (step || 1)), 0);
      checkElems(n);
      var out = new Array(n);
      for (var i = 0; i < n; i++) { out[i] = start; start += step; }
      return out;
    },
    times(n, fn) {
      n = toInteger(n);
      if (n < 1 || n > MAX_SAFE) return [];
      checkElems(n);
      var f = iteratee(fn), len = n, out = new Array(len);
      for (var i = 0; i < len; i++) out[i] = f(i);
      return out;
    },
    sum(a) { return a != null && a.length ? sumWith(a, identity) : 0; },
    sumBy(a, fn) { return a != null && a.length ? sumWith(a, iteratee(fn)) : 0; },
    mean(a) { return meanBy(a, identity); },
    meanBy(a, fn) {
      var n = a == null ? 0 : a.length;
      return n ? sumWith(a, iteratee(fn)) / n : NaN;
    },
    max(a) { return a != null && a.length ? extremum(a, identity, gt) : undefined; },
    maxBy(a, fn) { return a != null && a.length ? extremum(a, iteratee(fn), gt) : undefined; },
    min(a) { return a != null && a.length ? extremum(a, identity, lt) : undefined; },
    minBy(a, fn) { return a != null && a.length ? extremum(a, iteratee(fn), lt) : undefined; },
    size(c) {
      if (c == null) return 0;
      if (isArrayLike(c)) return isString(c) ? symbolsOf(String(c)).length : c.length;
      var tag = tagOf(c);
      if (tag === T_MAP || tag === T_SET) return c.size;
      return isPrototype(c) ? ownKeysNoCtor(c).length : objectKeys(Object(c)).length;
    },
    pick(o, ...args) {
      if (o == null) return {};
      var paths = args[0], out = {};
      if (args.length !== 1 || !isArray(paths)) paths = restFlat(args, 0);
      for (var i = 0, n = paths.length; i < n; i++) pickKey(o, paths[i], out);
      return out;
    },
    pickBy(o, fn) {
      if (o == null) return {};
      var f = iteratee(fn), ks = allKeysIn(o), out = {}, it = Object(o);
      for (var i = 0; i < ks.length; i++) {
        var k = ks[i], v = it[k];
        if (f(v, k)) baseSet(out, [k], v);
      }
      return out;
    },
    omitBy(o, fn) {
      var f = iteratee(fn);
      return pickBy(o, function (v, k) { return !f(v, k); });
    },
    omit(o) {
      if (o == null) return {};
      var paths = restFlat(arguments, 1), deep = false, i;
      for (i = 0; i < paths.length; i++) {
        paths[i] = castPath(paths[i], o);
        if (paths[i].length > 1) deep = true;
      }
      var out = {}, ks = allKeysIn(o), it = Object(o);
      for (i = 0; i < ks.length; i++) assignValue(out, ks[i], it[ks[i]]);
      if (deep) out = clonePlainDeep(out, new Map());
      for (i = 0; i < paths.length; i++) unset(out, paths[i]);
      return out;
    },
    mapValues(o, fn) {
      var f = iteratee(fn), out = {};
      if (o != null) forOwnKeys(o, function (v, k, it) { baseAssignValue(out, k, f(v, k, it)); });
      return out;
    },
    mapKeys(o, fn) {
      var f = iteratee(fn), out = {};
      if (o != null) forOwnKeys(o, function (v, k, it) { baseAssignValue(out, f(v, k, it), v); });
      return out;
    },
    cloneDeep(v) { return baseClone(v, true, null, undefined, undefined, new Stack(), true); },
    deburr(s) {
      s = toStr(s);
      return s.replace(/[\xc0-\xd6\xd8-\xf6\xf8-\xff\u0100-\u017f]/g, deburrLetter)
        .replace(/[\u0300-\u036f\ufe20-\ufe2f\u20d0-\u20ff]/g, '');
    },
    words(s, pattern, guard) {
      s = toStr(s);
      pattern = guard ? undefined : pattern;
      if (pattern !== undefined) return s.match(pattern) || [];
      var out = [], n = s.length, i = 0;
      while (i < n) {
        var e = wordEndAt(s, i);
        if (e > i) { out.push(s.slice(i, e)); i = e; } else i++;
      }
      return out;
    },
    upperFirst(s) {
      s = toStr(s);
      if (!s) return s;
      var first = hasUnicodeHint(s) ? symbolsOf(s)[0] : s.charAt(0);
      return first.toUpperCase() + s.slice(first.length);
    },
    lowerFirst(s) {
      s = toStr(s);
      if (!s) return s;
      var first = hasUnicodeHint(s) ? symbolsOf(s)[0] : s.charAt(0);
      return first.toLowerCase() + s.slice(first.length);
    },
    capitalize(s) { return upperFirst(toStr(s).toLowerCase()); },
    toLower(s) { return toStr(s).toLowerCase(); },
    toUpper(s) { return toStr(s).toUpperCase(); },
    startsWith(s, target, pos) {
      s = toStr(s);
      pos = pos == null ? 0 : clampNum(toInteger(pos), 0, s.length);
      target = baseToString(target);
      return s.slice(pos, pos + target.length) === target;
    },
    endsWith(s, target, pos) {
      s = toStr(s);
      target = baseToString(target);
      var n = s.length;
      pos = pos === undefined ? n : clampNum(toInteger(pos), 0, n);
      var end = pos;
      pos -= target.length;
      return pos >= 0 && s.slice(pos, end) === target;
    },
    pad(s, len, chars) {
      s = toStr(s);
      len = toInteger(len);
      var sl = len ? stringSize(s) : 0;
      if (len > MAX_CHARS && sl < len && len - sl <= MAX_SAFE) checkChars(len);
      if (!len || sl >= len) return s;
      var mid = (len - sl) / 2;
      return padding(mathFloor(mid), chars) + s + padding(mathCeil(mid), chars);
    },
    padStart(s, len, chars) {
      s = toStr(s);
      len = toInteger(len);
      var sl = len ? stringSize(s) : 0;
      if (len > MAX_CHARS && sl < len && len - sl <= MAX_SAFE) checkChars(len);
      return (len && sl < len) ? padding(len - sl, chars) + s : s;
    },
    padEnd(s, len, chars) {
      s = toStr(s);
      len = toInteger(len);
      var sl = len ? stringSize(s) : 0;
      if (len > MAX_CHARS && sl < len && len - sl <= MAX_SAFE) checkChars(len);
      return (len && sl < len) ? s + padding(len - sl, chars) : s;
    },
    truncate(s, opts) {
      var len = 30, omission = '...', sep;
      if (isObject(opts)) {
        sep = 'separator' in opts ? opts.separator : sep;
        len = 'length' in opts ? toInteger(opts.length) : len;
        omission = 'omission' in opts ? baseToString(opts.omission) : omission;
      }
      s = toStr(s);
      var n = s.length, sym = null;
      if (hasUnicodeHint(s)) { sym = symbolsOf(s); n = sym.length; }
      if (len >= n) return s;
      var end = len - stringSize(omission);
      if (end < 1) return omission;
      var out = sym ? sym.slice(0, end).join('') : s.slice(0, end);
      if (sep === undefined) return out + omission;
      if (sym) end += out.length - end;
      if (isRegExp(sep)) {
        if (s.slice(end).search(sep)) {
          var re = new RegExp(sep.source, sep.flags.indexOf('g') < 0 ? sep.flags + 'g' : sep.flags), mt, cut;
          re.lastIndex = 0;
          while ((mt = re.exec(out))) { cut = mt.index; if (mt[0] === '') re.lastIndex++; }
          out = out.slice(0, cut === undefined ? end : cut);
        }
      } else if (s.indexOf(baseToString(sep), end) !== end) {
        var at = out.lastIndexOf(sep);
        if (at > -1) out = out.slice(0, at);
      }
      return out + omission;
    },
    split(s, sep, limit) {
      if (limit && typeof limit !== 'number' && isIterateeCall(s, sep, limit)) sep = limit = undefined;
      limit = limit === undefined ? MAX_ARRAY_LENGTH : limit >>> 0;
      if (!limit) return [];
      s = toStr(s);
      if (s && (typeof sep === 'string' || (sep != null && !isRegExp(sep)))) {
        sep = baseToString(sep);
        if (!sep && hasUnicodeHint(s)) return symbolsOf(s).slice(0, limit);
      }
      return s.split(sep, limit);
    },
    join(a, sep) { return a == null ? '' : arrayJoin.call(a, sep); },
    replace() {
      var s = toStr(arguments[0]);
      return arguments.length < 3 ? s : s.replace(arguments[1], arguments[2]);
    },
    inRange(n, start, end) {
      start = toFinite(start);
      if (end === undefined) { end = start; start = 0; } else end = toFinite(end);
      n = toNumber(n);
      return n >= mathMin(start, end) && n < mathMax(start, end);
    },
    random(lower, upper, floating) {
      if (floating && typeof floating !== 'boolean' && isIterateeCall(lower, upper, floating)) upper = floating = undefined;
      if (floating === undefined) {
        if (typeof upper === 'boolean') { floating = upper; upper = undefined; }
        else if (typeof lower === 'boolean') { floating = lower; lower = undefined; }
      }
      if (lower === undefined && upper === undefined) { lower = 0; upper = 1; }
      else {
        lower = toFinite(lower);
        if (upper === undefined) { upper = lower; lower = 0; } else upper = toFinite(upper);
      }
      if (lower > upper) { var t = lower; lower = upper; upper = t; }
      var r = Math.random();
      if (floating || lower % 1 || upper % 1) {
        return mathMin(lower + r * (upper - lower + parseFloat('1e-' + ((r + '').length - 1))), upper);
      }
      return lower + mathFloor(r * (upper - lower + 1));
    },
    toLength(v) { return v ? clampNum(toInteger(v), 0, MAX_ARRAY_LENGTH) : 0; },
    toSafeInteger(v) { return v ? clampNum(toInteger(v), -MAX_SAFE, MAX_SAFE) : (v === 0 ? v : 0); },
    lodashParseInt(s, radix, guard) {
      if (guard || radix == null) radix = 0; else if (radix) radix = +radix;
      return parseInt(toStr(s).replace(wsStartRe, ''), radix || 0);
    },
    rangeRight(start, end, step) {
      return range(start, end, step).reverse();
    },
    isError(v) {
      if (!isObjectLike(v)) return false;
      var tag = rawTag(v);
      return tag === T_ERROR || tag === '[object DOMException]' ||
        (typeof v.message === 'string' && typeof v.name === 'string' && !isPlainObject(v));
    },
    isElement(v) { return isObjectLike(v) && v.nodeType === 1 && !isPlainObject(v); },
    isBuffer() { return false; },
    isFiniteNum(v) { return typeof v === 'number' && isFinite(v); },
    isInteger(v) { return typeof v === 'number' && v == toInteger(v); },
    isSafeInteger(v) { return isInteger(v) && v >= -MAX_SAFE && v <= MAX_SAFE; },
    isNaNFn(v) { return isNumber(v) && v != +v; },
    isNative(v) { return isObject(v) && typeof v === 'function' && nativeFnRe.test(fnToString.call(v)); },
    isEqualWith(a, b, c) {
      return withCustomizer(c, function () {
        var r = eqCustomizer ? eqCustomizer(a, b) : undefined;
        return r === undefined ? baseIsEqual(a, b, 0, null) : !!r;
      });
    },
    isMatchWithFn(o, src, c) {
      return withCustomizer(c, function () {
        if (!eqCustomizer) return isMatch(o, src);
        var data = matchData(src), n = data.length, i;
        if (o == null) return !n;
        o = Object(o);
        for (i = n - 1; i >= 0; i--) if (!(data[i][0] in o)) return false;
        var stack = new Stack();
        for (i = 0; i < n; i++) {
          var key = data[i][0], ov = o[key], sv = data[i][1];
          var r = eqCustomizer(ov, sv, key, o, src, stack);
          if (r === undefined ? !baseIsEqual(sv, ov, PARTIAL | UNORDERED, stack) : !r) return false;
        }
        return true;
      });
    },
    conformsTo(o, src) {
      var ks = keys(src), n = ks.length;
      if (o == null) return !n;
      o = Object(o);
      while (n--) {
        var k = ks[n], pred = src[k], v = o[k];
        if ((v === undefined && !(k in o)) || !pred(v)) return false;
      }
      return true;
    },
    conforms(src) {
      src = baseClone(src, true, null, undefined, undefined, new Stack(), true);
      return function (o) { return conformsTo(o, src); };
    },
    clone(v) { return baseClone(v, false, null, undefined, undefined, new Stack(), true); },
    cloneWith(v, c) { return baseClone(v, false, typeof c === 'function' ? c : null, undefined, undefined, new Stack(), true); },
    cloneDeepWith(v, c) { return baseClone(v, true, typeof c === 'function' ? c : null, undefined, undefined, new Stack(), true); },
    toPlainObject(v) {
      var out = {}, ks = keysIn(v), it = Object(v);
      for (var i = 0; i < ks.length; i++) assignValue(out, ks[i], it[ks[i]]);
      return out;
    },
    toArray(v) {
      if (!v) return [];
      if (isArrayLike(v)) return isString(v) ? symbolsOf(String(v)) : slice(v, 0, v.length);
      if (typeof Symbol === 'function' && Symbol.iterator && v[Symbol.iterator]) {
        var tag = tagOf(v);
        if (tag === T_MAP) return toPairs(v);
        if (tag === T_SET) { var s = []; v.forEach(function (x) { s.push(x); }); return s; }
        var out = [], it = v[Symbol.iterator](), step;
        while (!(step = it.next()).done) out.push(step.value);
        return out;
      }
      return values(v);
    },
    defaultsDeep() {
      var args = [];
      for (var i = 0; i < arguments.length; i++) args.push(arguments[i]);
      args.push(undefined, defaultsDeepCustomizer);
      return mergeWith.apply(undefined, args);
    },
    at(o) {
      var paths = restFlat(arguments, 1), out = new Array(paths.length);
      for (var i = 0; i < paths.length; i++) out[i] = o == null ? undefined : get(o, paths[i]);
      return out;
    },
    create(proto, props) {
      var o = isObject(proto) ? Object.create(proto) : {};
      return props == null ? o : assign(o, props);
    },
    valuesIn(o) {
      if (o == null) return [];
      var ks = keysIn(o), it = Object(o), out = new Array(ks.length);
      for (var i = 0; i < ks.length; i++) out[i] = it[ks[i]];
      return out;
    },
    toPairsIn(o) {
      var tag = tagOf(o);
      if (tag === T_MAP || tag === T_SET) return toPairs(o);
      var ks = keysIn(o), it = Object(o), out = [];
      for (var i = 0; i < ks.length; i++) out.push([ks[i], it[ks[i]]]);
      return out;
    },
    invert(o) {
      var out = {};
      forOwnKeys(o == null ? {} : o, function (v, k) {
        if (v != null && typeof v.toString !== 'function') v = rawTag(v);
        out[v] = k;
      });
      return out;
    },
    invertBy(o, fn) {
      var f = iteratee(fn), out = {};
      forOwnKeys(o == null ? {} : o, function (v, k) {
        v = f(v);
        if (v != null && typeof v.toString !== 'function') v = rawTag(v);
        if (hasOwn(out, v)) out[v].push(k); else out[v] = [k];
      });
      return out;
    },
    invoke(o, path) {
      var args = [];
      for (var i = 2; i < arguments.length; i++) args.push(arguments[i]);
      path = castPath(path, o);
      var parent = parentOf(o, path);
      var fn = parent == null ? parent : parent[toKey(path[path.length - 1])];
      return fn == null ? undefined : fn.apply(parent, args);
    },
    result(o, path, def) {
      path = castPath(path, o);
      var i = -1, n = path.length;
      if (!n) { n = 1; o = undefined; }
      while (++i < n) {
        var v = o == null ? undefined : o[toKey(path[i])];
        if (v === undefined) { i = n; v = def; }
        o = isFunction(v) ? v.call(o) : v;
      }
      return o;
    },
    setWith(o, path, value, c) {
      c = typeof c === 'function' ? c : undefined;
      return o == null ? o : baseSetWith(o, path, value, c);
    },
    update(o, path, updater) {
      return o == null ? o : baseSetWith(o, path, castFunction(updater)(baseGet(o, path)), undefined);
    },
    updateWith(o, path, updater, c) {
      c = typeof c === 'function' ? c : undefined;
      return o == null ? o : baseSetWith(o, path, castFunction(updater)(baseGet(o, path)), c);
    },
    transform(o, fn, acc) {
      var arr = isArray(o), arrLike = arr || isTypedArray(o);
      var f = iteratee(fn);
      if (acc == null) {
        var C = o && o.constructor;
        if (arrLike) acc = arr ? new C() : [];
        else if (isObject(o)) acc = isFunction(C) ? Object.create(getProto(o)) : {};
        else acc = {};
      }
      (arrLike ? forEachArr : forOwnStop)(o, function (v, k, obj) { return f(acc, v, k, obj); });
      return acc;
    },
    differenceBy(a) {
      var vals = argsFrom(arguments, 1), f = lastArrayLike(vals);
      if (f !== undefined) vals.pop();
      return isArrayLikeObject(a) ? baseDifference(a, flattenTo([], vals, 1, isArrayLikeObject, true), iteratee(f)) : [];
    },
    differenceWith(a) {
      var vals = argsFrom(arguments, 1), c = lastArrayLike(vals);
      if (c !== undefined) vals.pop();
      return isArrayLikeObject(a) ? baseDifference(a, flattenTo([], vals, 1, isArrayLikeObject, true), undefined, c) : [];
    },
    intersectionBy() {
      var arrays = argsFrom(arguments, 0), f = last(arrays), mapped = map(arrays, castArrayLikeObject);
      if (f === last(mapped)) f = undefined; else mapped.pop();
      return (mapped.length && mapped[0] === arrays[0]) ? baseIntersection(mapped, iteratee(f)) : [];
    },
    intersectionWith() {
      var arrays = argsFrom(arguments, 0), c = fnOrUndef(last(arrays)), mapped = map(arrays, castArrayLikeObject);
      if (c) mapped.pop();
      return (mapped.length && mapped[0] === arrays[0]) ? baseIntersection(mapped, undefined, c) : [];
    },
    uniqWith(a, c) { return a != null && a.length ? baseUniq(a, undefined, fnOrUndef(c)) : []; },
    unionBy() {
      var arrays = argsFrom(arguments, 0), f = lastArrayLike(arrays);
      return baseUniq(flattenTo([], arrays, 1, isArrayLikeObject, true), iteratee(f));
    },
    unionWith() {
      var arrays = argsFrom(arguments, 0), c = fnOrUndef(last(arrays));
      return baseUniq(flattenTo([], arrays, 1, isArrayLikeObject, true), undefined, c);
    },
    xor() { return baseXor(filter(argsFrom(arguments, 0), isArrayLikeObject)); },
    xorBy() {
      var arrays = argsFrom(arguments, 0), f = lastArrayLike(arrays);
      return baseXor(filter(arrays, isArrayLikeObject), iteratee(f));
    },
    xorWith() {
      var arrays = argsFrom(arguments, 0), c = fnOrUndef(last(arrays));
      return baseXor(filter(arrays, isArrayLikeObject), undefined, c);
    },
    pullAll(a, vals) { return a != null && a.length && vals != null && vals.length ? basePullAll(a, vals) : a; },
    pull(a) { return pullAll(a, argsFrom(arguments, 1)); },
    pullAllBy(a, vals, f) { return a != null && a.length && vals != null && vals.length ? basePullAll(a, vals, iteratee(f)) : a; },
    pullAllWith(a, vals, c) { return a != null && a.length && vals != null && vals.length ? basePullAll(a, vals, undefined, c) : a; },
    pullAt(a) {
      var idx = restFlat(arguments, 1), n = a == null ? 0 : a.length, out = new Array(idx.length);
      for (var j = 0; j < idx.length; j++) out[j] = a == null ? undefined : get(a, idx[j]);
      var sorted = map(idx, function (i) { return isIndex(i, n) ? +i : i; }).sort(compareAsc);
      basePullAt(a, sorted);
      return out;
    },
    remove(a, fn) {
      var out = [];
      if (!(a != null && a.length)) return out;
      var idx = [], f = iteratee(fn);
      for (var i = 0; i < a.length; i++) {
        var v = a[i];
        if (f(v, i, a)) { out.push(v); idx.push(i); }
      }
      basePullAt(a, idx);
      return out;
    },
    fill(a, value, start, end) {
      var n = a == null ? 0 : a.length;
      if (!n) return [];
      if (start && typeof start !== 'number' && isIterateeCall(a, value, start)) { start = 0; end = n; }
      start = toInteger(start);
      if (start < 0) start = -start > n ? 0 : n + start;
      end = (end === undefined || end > n) ? n : toInteger(end);
      if (end < 0) end += n;
      end = start > end ? 0 : toLength(end);
      if (end - start > MAX_ELEMS) checkElems(end - start);
      while (start < end) a[start++] = value;
      return a;
    },
    concat() {
      var n = arguments.length;
      if (!n) return [];
      var a = arguments[0], out = isArray(a) ? slice(a, 0, a.length) : [a];
      return flattenTo(out, argsFrom(arguments, 1), 1, isFlattenable, false);
    },
    dropRight(a, n, guard) {
      var len = a == null ? 0 : a.length;
      if (!len) return [];
      n = (guard || n === undefined) ? 1 : toInteger(n);
      n = len - n;
      return slice(a, 0, n < 0 ? 0 : n);
    },
    flatMapDeep(c, fn) { return flattenTo([], map(c, fn), Infinity, isFlattenable, false); },
    flatMapDepth(c, fn, depth) {
      depth = depth === undefined ? 1 : toInteger(depth);
      return flattenTo([], map(c, fn), depth, isFlattenable, false);
    },
    flattenDepth(a, depth) {
      if (!(a != null && a.length)) return [];
      depth = depth === undefined ? 1 : toInteger(depth);
      return flattenTo([], a, depth, isFlattenable, false);
    },
    indexOf(a, v, from) {
      var n = a == null ? 0 : a.length;
      if (!n) return -1;
      var i = from == null ? 0 : toInteger(from);
      if (i < 0) i = mathMax(n + i, 0);
      return indexOfSVZ(a, v, i);
    },
    lastIndexOf(a, v, from) {
      var n = a == null ? 0 : a.length;
      if (!n) return -1;
      var i = n;
      if (from !== undefined) {
        i = toInteger(from);
        i = i < 0 ? mathMax(n + i, 0) : mathMin(i, n - 1);
      }
      for (var k = i; k >= 0; k--) if (v === v ? a[k] === v : a[k] !== a[k]) return k;
      return -1;
    },
    initial(a) { var n = a == null ? 0 : a.length; return n ? slice(a, 0, -1) : []; },
    tail(a) { var n = a == null ? 0 : a.length; return n ? slice(a, 1, n) : []; },
    reverse(a) { return a == null ? a : arrayReverse.call(a); },
    lodashSlice(a, start, end) {
      var n = a == null ? 0 : a.length;
      if (!n) return [];
      if (end && typeof end !== 'number' && isIterateeCall(a, start, end)) { start = 0; end = n; }
      else { start = start == null ? 0 : toInteger(start); end = end === undefined ? n : toInteger(end); }
      return slice(a, start, end);
    },
    sortedIndex(a, v) { return baseSortedIndex(a, v); },
    sortedLastIndex(a, v) { return baseSortedIndex(a, v, true); },
    sortedIndexBy(a, v, fn) { return sortedIndexByWith(a, v, iteratee(fn)); },
    sortedLastIndexBy(a, v, fn) { return sortedIndexByWith(a, v, iteratee(fn), true); },
    sortedIndexOf(a, v) {
      var n = a == null ? 0 : a.length;
      if (n) { var i = baseSortedIndex(a, v); if (i < n && eq(a[i], v)) return i; }
      return -1;
    },
    sortedLastIndexOf(a, v) {
      var n = a == null ? 0 : a.length;
      if (n) { var i = baseSortedIndex(a, v, true) - 1; if (eq(a[i], v)) return i; }
      return -1;
    },
    sortedUniq(a) { return a != null && a.length ? baseSortedUniq(a) : []; },
    sortedUniqBy(a, fn) { return a != null && a.length ? baseSortedUniq(a, iteratee(fn)) : []; },
    unzip(a) {
      if (!(a != null && a.length)) return [];
      var groups = [], len = 0;
      for (var i = 0; i < a.length; i++) {
        var g = a[i];
        if (isArrayLikeObject(g)) { groups.push(g); len = mathMax(len, g.length); }
      }
      checkElems(len);
      var out = new Array(len);
      for (i = 0; i < len; i++) {
        var row = new Array(groups.length);
        for (var j = 0; j < groups.length; j++) row[j] = groups[j][i];
        out[i] = row;
      }
      return out;
    },
    unzipWith(a, fn) {
      if (!(a != null && a.length)) return [];
      var rows = unzip(a);
      if (fn == null) return rows;
      return map(rows, function (g) { return fn.apply(undefined, g); });
    },
    zipWith() {
      var arrays = argsFrom(arguments, 0), n = arrays.length, f = n > 1 ? arrays[n - 1] : undefined;
      f = typeof f === 'function' ? (arrays.pop(), f) : undefined;
      return unzipWith(arrays, f);
    },
    zipObject(props, vals) { return zipObjectWith(props, vals, assignValue); },
    zipObjectDeep(props, vals) { return zipObjectWith(props, vals, baseSet); },
    forEachRight(c, fn) { return eachRight(c, castFunction(fn)); },
    reduceRight(c, fn, acc) {
      var f = iteratee(fn), init = arguments.length < 3;
      eachRight(c, function (v, k, o) {
        if (init) { init = false; acc = v; } else acc = f(acc, v, k, o);
      });
      return acc;
    },
    invokeMap(c, path) {
      var args = argsFrom(arguments, 2), isFn = typeof path === 'function', out = isArrayLike(c) ? new Array(c.length) : [], i = -1;
      each(c, function (v) { out[++i] = isFn ? path.apply(v, args) : invoke.apply(undefined, [v, path].concat(args)); });
      return out;
    },
    sample(c) {
      var a = isArrayLike(c) ? c : values(c), n = a.length;
      return n ? a[mathFloor(Math.random() * n)] : undefined;
    },
    sampleSize(c, n, guard) {
      n = (guard ? isIterateeCall(c, n, guard) : n === undefined) ? 1 : toInteger(n);
      var a = arrayOf(c);
      return shuffleSelf(a, clampNum(n, 0, a.length));
    },
    shuffle(c) { return shuffleSelf(arrayOf(c)); },
    after(n, f) {
      needFn(f);
      n = toInteger(n);
      return function () { if (--n < 1) return f.apply(this, arguments); };
    },
    before(n, f) {
      var r;
      needFn(f);
      n = toInteger(n);
      return function () {
        if (--n > 0) r = f.apply(this, arguments);
        if (n <= 1) f = undefined;
        return r;
      };
    },
    ary(f, n, guard) {
      n = guard ? undefined : n;
      n = (f && n == null) ? f.length : n;
      needFn(f);
      n = n === undefined ? n : mathMax(toInteger(n), 0);
      var w = function () {
        var args = argsFrom(arguments, 0);
        if (n !== undefined && n < args.length) args.length = n;
        return f.apply(this, args);
      };
      if (isLaziable(f)) wrapMeta.set(w, { func: f, step: 1 });
      return w;
    },
    unary(f) { return ary(f, 1); },
    bind(f, thisArg) {
      needFn(f);
      var held = argsFrom(arguments, 2);
      return function () { return callOrNew(f, thisArg, composeLeft(argsFrom(arguments, 0), held, false), new.target); };
    },
    bindKey(o, key) {
      var held = argsFrom(arguments, 2);
      return function () { return callOrNew(o[key], o, composeLeft(argsFrom(arguments, 0), held, false), new.target); };
    },
    bindAll(o) {
      var ks = restFlat(arguments, 1);
      for (var i = 0; i < ks.length; i++) { var k = toKey(ks[i]); baseAssignValue(o, k, bind(o[k], o)); }
      return o;
    },
    partial(f) {
      needFn(f);
      var held = argsFrom(arguments, 1);
      return function () { return callOrNew(f, this, composeLeft(argsFrom(arguments, 0), held, false), new.target); };
    },
    partialRight(f) {
      needFn(f);
      var held = argsFrom(arguments, 1);
      return function () { return callOrNew(f, this, composeRight(argsFrom(arguments, 0), held, false), new.target); };
    },
    flip(f) {
      needFn(f);
      return function () { return f.apply(this, argsFrom(arguments, 0).reverse()); };
    },
    memoize(f, resolver) {
      if (typeof f !== 'function' || (resolver != null && typeof resolver !== 'function')) throw new TypeError(FUNC_ERROR);
      var memoized = function () {
        var key = resolver ? resolver.apply(this, arguments) : arguments[0], cache = memoized.cache;
        if (cache.has(key)) return cache.get(key);
        var r = f.apply(this, arguments);
        memoized.cache = cache.set(key, r) || cache;
        return r;
      };
      memoized.cache = new (memoize.Cache || MapCache)();
      return memoized;
    },
    negate(p) {
      needFn(p);
      return function () { return !p.apply(this, arguments); };
    },
    once(f) { return before(2, f); },
    overArgs(f) {
      var ts = argsFrom(arguments, 1);
      ts = (ts.length === 1 && isArray(ts[0])) ? ts[0] : flattenTo([], ts, 1, isFlattenable, false);
      ts = map(ts, function (t) { return iteratee(t); });
      return function () {
        var args = argsFrom(arguments, 0), n = mathMin(args.length, ts.length);
        for (var i = 0; i < n; i++) args[i] = ts[i].call(this, args[i]);
        return f.apply(this, args);
      };
    },
    rearg(f) {
      needFn(f);
      var idx = restFlat(arguments, 1);
      var w = function () {
        var args = argsFrom(arguments, 0), old = args.slice(), n = mathMin(idx.length, args.length);
        while (n--) args[n] = isIndex(idx[n], old.length) ? old[idx[n]] : undefined;
        return f.apply(this, args);
      };
      var m = wrapMeta.get(f);
      if (m && m.step === 1) wrapMeta.set(w, { func: m.func, step: 2 });
      return w;
    },
    rest(f, start) {
      needFn(f);
      start = start === undefined ? f.length - 1 : toInteger(start);
      start = mathMax(start, 0);
      return function () {
        var args = argsFrom(arguments, 0), head = [], i;
        for (i = 0; i < start; i++) head.push(args[i]);
        head.push(args.slice(start));
        return f.apply(this, head);
      };
    },
    spread(f, start) {
      needFn(f);
      start = start == null ? 0 : mathMax(toInteger(start), 0);
      return function () {
        var args = argsFrom(arguments, 0), a = args[start], head = args.slice(0, start);
        if (a) for (var i = 0; i < a.length; i++) head.push(a[i]);
        return f.apply(this, head);
      };
    },
    wrap(value, wrapper) { return partial(castFunction(wrapper), value); },
    delay(f, wait) { needFn(f); return ++timerIds; },
    defer(f) { needFn(f); return ++timerIds; },
    debounce(f, wait, options) {
      needFn(f);
      wait = toNumber(wait) || 0;
      var leading = false, trailing = true, maxing = false, maxWait;
      if (isObject(options)) {
        leading = !!options.leading;
        maxing = 'maxWait' in options;
        maxWait = maxing ? mathMax(toNumber(options.maxWait) || 0, wait) : maxWait;
        trailing = 'trailing' in options ? !!options.trailing : trailing;
      }
      var lastArgs, lastThis, result, timer = false, lastCallTime, lastInvokeTime = 0;
      function invokeFunc(time) {
        var args = lastArgs, that = lastThis;
        lastArgs = lastThis = undefined;
        lastInvokeTime = time;
        result = f.apply(that, args);
        return result;
      }
      function shouldInvoke(time) {
        var sinceCall = time - lastCallTime;
        return lastCallTime === undefined || sinceCall >= wait || sinceCall < 0 || (maxing && time - lastInvokeTime >= maxWait);
      }
      function debounced() {
        var time = Date.now(), invoking = shouldInvoke(time);
        lastArgs = arguments; lastThis = this; lastCallTime = time;
        if (invoking) {
          if (!timer) {
            lastInvokeTime = time; timer = true;
            return leading ? invokeFunc(time) : result;
          }
          if (maxing) return invokeFunc(lastCallTime);
        }
        timer = true;
        return result;
      }
      debounced.cancel = function () {
        lastInvokeTime = 0;
        lastArgs = lastCallTime = lastThis = undefined;
        timer = false;
      };
      debounced.flush = function () {
        if (!timer) return result;
        timer = false;
        if (trailing && lastArgs) return invokeFunc(Date.now());
        lastArgs = lastThis = undefined;
        return result;
      };
      return debounced;
    },
    throttle(f, wait, options) {
      needFn(f);
      var leading = true, trailing = true;
      if (isObject(options)) {
        leading = 'leading' in options ? !!options.leading : leading;
        trailing = 'trailing' in options ? !!options.trailing : trailing;
      }
      return debounce(f, wait, { leading: leading, maxWait: wait, trailing: trailing });
    },
    attempt(f) {
      try { return f.apply(undefined, argsFrom(arguments, 1)); } catch (e) { return isError(e) ? e : new Error(e); }
    },
    cond(pairs) {
      var n = pairs == null ? 0 : pairs.length;
      var ps = n ? map(pairs, function (p) {
        if (typeof p[1] !== 'function') throw new TypeError(FUNC_ERROR);
        return [iteratee(p[0]), p[1]];
      }) : [];
      return function () {
        for (var i = 0; i < ps.length; i++) if (ps[i][0].apply(this, arguments)) return ps[i][1].apply(this, arguments);
      };
    },
    constant(v) { return function () { return v; }; },
    defaultTo(v, d) { return (v == null || v !== v) ? d : v; },
    method(path) {
      var args = argsFrom(arguments, 1);
      return function (o) { return invoke.apply(undefined, [o, path].concat(args)); };
    },
    methodOf(o) {
      var args = argsFrom(arguments, 1);
      return function (path) { return invoke.apply(undefined, [o, path].concat(args)); };
    },
    nthArg(n) {
      n = toInteger(n);
      return function () { return nth(argsFrom(arguments, 0), n); };
    },
    propertyOf(o) { return function (path) { return o == null ? undefined : baseGet(o, path); }; },
    stubArray() { return []; },
    stubFalse() { return false; },
    stubObject() { return {}; },
    stubString() { return ''; },
    stubTrue() { return true; },
    uniqueId(prefix) { return toStr(prefix) + (++idCounter); },
    now() { return Date.now(); },
    mixin(o, src, options) {
      var names = functions(src);
      if (options == null && !(isObject(src) && (names.length || !keys(src).length))) {
        options = src; src = o; o = PH.lodash; names = functions(src);
      }
      if (o === PH.lodash) {
        if (names.length) throw new TypeError('lodash: _ is frozen; _.mixin can add functions to another object only');
        return o;
      }
      // Onto a function (a wrapper constructor, as lodash's own) the methods
      // go onto its prototype too, chaining as lodash's do.
      var chain = !(isObject(options) && 'chain' in options) || !!options.chain, isFunc = typeof o === 'function';
      for (var i = 0; i < names.length; i++) {
        var name = names[i], func = src[name];
        o[name] = func;
        if (isFunc) o.prototype[name] = mixinMethod(o, func, chain);
      }
      return o;
    },
    noConflict() { return PH.lodash; },
    runInContext() { return PH.lodash; },
    escape(s) {
      s = toStr(s);
      return /[&<>"']/.test(s) ? s.replace(/[&<>"']/g, function (c) { return htmlEscapes[c]; }) : s;
    },
    unescape(s) {
      s = toStr(s);
      return /&(?:amp|lt|gt|quot|#39);/.test(s) ? s.replace(/&(?:amp|lt|gt|quot|#39);/g, function (c) { return htmlUnescapes[c]; }) : s;
    },
    escapeRegExp(s) {
      s = toStr(s);
      return /[\\^$.*+?()[\]{}|]/.test(s) ? s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&') : s;
    },
    repeat(s, n, guard) {
      n = (guard ? isIterateeCall(s, n, guard) : n === undefined) ? 1 : toInteger(n);
      return repeatStr(toStr(s), n);
    },
    template(s, options, guard) {
      if (guard && isIterateeCall(s, options, guard)) options = undefined;
      s = toStr(s);
      options = assignInWith({}, options, templateSettings, templateDefaults);
      var imports = assignInWith({}, options.imports, templateSettings.imports, templateDefaults);
      if (imports._ === undefined) imports._ = PH.lodash;
      var importKeys = keys(imports), importValues = values(imports);
      for (var q = 0; q < importKeys.length; q++) {
        if (reForbiddenVar.test(importKeys[q])) throw new Error('Invalid `imports` option passed into `_.template`');
      }
      var escaping, evaluating, index = 0, interpolate = options.interpolate || reNoMatch, source = "__p += '";
      var re = RegExp((options.escape || reNoMatch).source + '|' + interpolate.source + '|' +
        (interpolate === reInterpolate ? reEsTemplate : reNoMatch).source + '|' + (options.evaluate || reNoMatch).source + '|$', 'g');
      var sourceURL = hasOwn(options, 'sourceURL') ? '//# sourceURL=' + (options.sourceURL + '').replace(/\s/g, ' ') + '\n' : '';
      s.replace(re, function (match, esc, interp, es, evaluate, offset) {
        interp || (interp = es);
        source += s.slice(index, offset).replace(/['\n\r\u2028\u2029\\]/g, escapeStringChar);
        if (esc) { escaping = true; source += "' +\n__e(" + esc + ") +\n'"; }
        if (evaluate) { evaluating = true; source += "';\n" + evaluate + ";\n__p += '"; }
        if (interp) source += "' +\n((__t = (" + interp + ")) == null ? '' : __t) +\n'";
        index = offset + match.length;
        return match;
      });
      source += "';\n";
      var variable = hasOwn(options, 'variable') && options.variable;
      if (!variable) source = 'with (obj) {\n' + source + '\n}\n';
      else if (reForbiddenVar.test(variable)) throw new Error('Invalid `variable` option passed into `_.template`');
      source = (evaluating ? source.replace(/\b__p \+= '';/g, '') : source)
        .replace(/\b(__p \+=) '' \+/g, '$1').replace(/(__e\(.*?\)|\b__t\)) \+\n'';/g, '$1;');
      source = 'function(' + (variable || 'obj') + ') {\n' + (variable ? '' : 'obj || (obj = {});\n') +
        "var __t, __p = ''" + (escaping ? ', __e = _.escape' : '') +
        (evaluating ? ", __j = Array.prototype.join;\nfunction print() { __p += __j.call(arguments, '') }\n" : ';\n') +
        source + 'return __p\n}';
      var compiled = attempt(function () {
        return Function(importKeys, sourceURL + 'return ' + source).apply(undefined, importValues);
      });
      compiled.source = source;
      if (isError(compiled)) throw compiled;
      return compiled;
    },
    chain(value) {
      var w = lodash(value);
      w.__chain__ = true;
      return w;
    },
    tap(value, interceptor) { interceptor(value); return value; },
    thru(value, interceptor) { return interceptor(value); },
  };
  var identity = M.identity, noop = M.noop, eq = M.eq, isObject = M.isObject, isObjectLike = M.isObjectLike,
    isFunction = M.isFunction, isLength = M.isLength, isArrayLike = M.isArrayLike,
    isArrayLikeObject = M.isArrayLikeObject, isArguments = M.isArguments, isTypedArray = M.isTypedArray,
    isString = M.isString, isNumber = M.isNumber, isBoolean = M.isBoolean, isSymbol = M.isSymbol,
    isRegExp = M.isRegExp, isNil = M.isNil, isNull = M.isNull, isUndefined = M.isUndefined,
    isPlainObject = M.isPlainObject, isEmpty = M.isEmpty, toStr = M.toStr, toNumber = M.toNumber,
    toFinite = M.toFinite, toInteger = M.toInteger, clamp = M.clamp, castArray = M.castArray, keys = M.keys,
    keysIn = M.keysIn, values = M.values, toPairs = M.toPairs, fromPairs = M.fromPairs, toPath = M.toPath,
    get = M.get, has = M.has, hasIn = M.hasIn, set = M.set, unset = M.unset, isEqual = M.isEqual,
    matches = M.matches, isMatch = M.isMatch, matchesProperty = M.matchesProperty, property = M.property,
    iteratee = M.iteratee, forEach = M.forEach, map = M.map, filter = M.filter, reject = M.reject,
    some = M.some, every = M.every, reduce = M.reduce, findIndex = M.findIndex,
    findLastIndex = M.findLastIndex, sortBy = M.sortBy, orderBy = M.orderBy, flatten = M.flatten,
    flattenDeep = M.flattenDeep, flatMap = M.flatMap, compact = M.compact, chunk = M.chunk, take = M.take,
    takeRight = M.takeRight, drop = M.drop, head = M.head, last = M.last, nth = M.nth, includes = M.includes,
    uniqBy = M.uniqBy, uniq = M.uniq, difference = M.difference, without = M.without,
    intersection = M.intersection, union = M.union, zip = M.zip, range = M.range, times = M.times,
    sum = M.sum, sumBy = M.sumBy, mean = M.mean, meanBy = M.meanBy, max = M.max, maxBy = M.maxBy,
    min = M.min, minBy = M.minBy, size = M.size, pick = M.pick, pickBy = M.pickBy, omitBy = M.omitBy,
    omit = M.omit, mapValues = M.mapValues, mapKeys = M.mapKeys, cloneDeep = M.cloneDeep, deburr = M.deburr,
    words = M.words, upperFirst = M.upperFirst, lowerFirst = M.lowerFirst, capitalize = M.capitalize,
    toLower = M.toLower, toUpper = M.toUpper, startsWith = M.startsWith, endsWith = M.endsWith, pad = M.pad,
    padStart = M.padStart, padEnd = M.padEnd, truncate = M.truncate, split = M.split, join = M.join,
    replace = M.replace, inRange = M.inRange, random = M.random, toLength = M.toLength,
    toSafeInteger = M.toSafeInteger, lodashParseInt = M.lodashParseInt, rangeRight = M.rangeRight,
    isError = M.isError, isElement = M.isElement, isBuffer = M.isBuffer, isFiniteNum = M.isFiniteNum,
    isInteger = M.isInteger, isSafeInteger = M.isSafeInteger, isNaNFn = M.isNaNFn, isNative = M.isNative,
    isEqualWith = M.isEqualWith, isMatchWithFn = M.isMatchWithFn, conformsTo = M.conformsTo,
    conforms = M.conforms, clone = M.clone, cloneWith = M.cloneWith, cloneDeepWith = M.cloneDeepWith,
    toPlainObject = M.toPlainObject, toArray = M.toArray, defaultsDeep = M.defaultsDeep, at = M.at,
    create = M.create, valuesIn = M.valuesIn, toPairsIn = M.toPairsIn, invert = M.invert,
    invertBy = M.invertBy, invoke = M.invoke, result = M.result, setWith = M.setWith, update = M.update,
    updateWith = M.updateWith, transform = M.transform, differenceBy = M.differenceBy,
    differenceWith = M.differenceWith, intersectionBy = M.intersectionBy,
    intersectionWith = M.intersectionWith, uniqWith = M.uniqWith, unionBy = M.unionBy,
    unionWith = M.unionWith, xor = M.xor, xorBy = M.xorBy, xorWith = M.xorWith, pullAll = M.pullAll,
    pull = M.pull, pullAllBy = M.pullAllBy, pullAllWith = M.pullAllWith, pullAt = M.pullAt,
    remove = M.remove, fill = M.fill, concat = M.concat, dropRight = M.dropRight,
    flatMapDeep = M.flatMapDeep, flatMapDepth = M.flatMapDepth, flattenDepth = M.flattenDepth,
    indexOf = M.indexOf, lastIndexOf = M.lastIndexOf, initial = M.initial, tail = M.tail,
    reverse = M.reverse, lodashSlice = M.lodashSlice, sortedIndex = M.sortedIndex,
    sortedLastIndex = M.sortedLastIndex, sortedIndexBy = M.sortedIndexBy,
    sortedLastIndexBy = M.sortedLastIndexBy, sortedIndexOf = M.sortedIndexOf,
    sortedLastIndexOf = M.sortedLastIndexOf, sortedUniq = M.sortedUniq, sortedUniqBy = M.sortedUniqBy,
    unzip = M.unzip, unzipWith = M.unzipWith, zipWith = M.zipWith, zipObject = M.zipObject,
    zipObjectDeep = M.zipObjectDeep, forEachRight = M.forEachRight, reduceRight = M.reduceRight,
    invokeMap = M.invokeMap, sample = M.sample, sampleSize = M.sampleSize, shuffle = M.shuffle,
    after = M.after, before = M.before, ary = M.ary, unary = M.unary, bind = M.bind, bindKey = M.bindKey,
    bindAll = M.bindAll, partial = M.partial, partialRight = M.partialRight, flip = M.flip,
    memoize = M.memoize, negate = M.negate, once = M.once, overArgs = M.overArgs, rearg = M.rearg,
    rest = M.rest, spread = M.spread, wrap = M.wrap, delay = M.delay, defer = M.defer, debounce = M.debounce,
    throttle = M.throttle, attempt = M.attempt, cond = M.cond, constant = M.constant,
    defaultTo = M.defaultTo, method = M.method, methodOf = M.methodOf, nthArg = M.nthArg,
    propertyOf = M.propertyOf, stubArray = M.stubArray, stubFalse = M.stubFalse, stubObject = M.stubObject,
    stubString = M.stubString, stubTrue = M.stubTrue, uniqueId = M.uniqueId, now = M.now, mixin = M.mixin,
    noConflict = M.noConflict, runInContext = M.runInContext, escape = M.escape, unescape = M.unescape,
    escapeRegExp = M.escapeRegExp, repeat = M.repeat, template = M.template, chain = M.chain, tap = M.tap,
    thru = M.thru;

  // ---- basic predicates -------------------------------------------------

  // Object.prototype.toString of v, unmasking an own or inherited Symbol.toStringTag as lodash does.
  var symTag = Symbol.toStringTag;
  function rawTag(v) {
    if (v == null || !(symTag in Object(v))) return objToString.call(v);
    var own = hasOwnProp.call(v, symTag), tag = v[symTag], unmasked = false;
    try { v[symTag] = undefined; unmasked = true; } catch (e) { /* a setter threw */ }
    var r = objToString.call(v);
    if (unmasked) { if (own) v[symTag] = tag; else delete v[symTag]; }
    return r;
  }
  function hasOwn(o, k) { return hasOwnProp.call(o, k); }
  function tagOf(v) {
    if (v == null) return v === undefined ? '[object Undefined]' : '[object Null]';
    return rawTag(v);
  }
  function isPrototype(v) {
    var Ctor = v && v.constructor;
    var proto = (typeof Ctor === 'function' && Ctor.prototype) || objProto;
    return v === proto;
  }
  function isIndex(v, length) {
    if (length == null) length = MAX_SAFE;
    if (!length) return false;
    var t = typeof v;
    if (t === 'symbol') return false;
    if (t !== 'number' && !/^(?:0|[1-9]\d*)$/.test(v)) return false;
    return v > -1 && v % 1 === 0 && v < length;
  }
  function isIterateeCall(value, index, object) {
    if (!isObject(object)) return false;
    var t = typeof index;
    if (t === 'number' ? (isArrayLike(object) && isIndex(index, object.length)) : (t === 'string' && index in object)) {
      return eq(object[index], value);
    }
    return false;
  }

  // ---- conversions --------------------------------------------------------

  function baseToString(v, level) {
    if (typeof v === 'string') return v;
    if (isArray(v)) {
      level = level || 0;
      if (level >= MAX_NESTING) throw nestingError();
      var parts = new Array(v.length);
      for (var i = 0; i < v.length; i++) parts[i] = baseToString(v[i], level + 1);
      var joined = parts + '';
      if (joined.length > MAX_CHARS) checkChars(joined.length);
      return joined;
    }
    if (typeof v === 'symbol') return symToString.call(v);
    var s = v + '';
    return (s === '0' && 1 / v === -Infinity) ? '-0' : s;
  }

  // JavaScript white space and line terminators, spelled out so every engine agrees.
  var wsStartRe = /^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/;
  var wsEndRe = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$/;
  function trimWS(s) { return s.replace(wsStartRe, '').replace(wsEndRe, ''); }
  function clampNum(n, lower, upper) {
    if (n === n) {
      if (upper !== undefined) n = n <= upper ? n : upper;
      if (lower !== undefined) n = n >= lower ? n : lower;
    }
    return n;
  }

  // ---- keys ---------------------------------------------------------------

  function ownKeysNoCtor(o) {
    var ks = objectKeys(o), out = [];
    for (var i = 0; i < ks.length; i++) if (ks[i] !== 'constructor') out.push(ks[i]);
    return out;
  }
  // Index keys 0..length-1 (holes included) followed by the other own (or inherited) keys.
  function arrayLikeKeys(v, inherited) {
    var indexed = isArray(v) || isArguments(v) || isTypedArray(v);
    var out = [], n = 0, k;
    if (indexed) { n = v.length; for (var i = 0; i < n; i++) out.push(String(i)); }
    for (k in v) {
      if (!inherited && !hasOwn(v, k)) continue;
      if (indexed && (k === 'length' || isIndex(k, n))) continue;
      out.push(k);
    }
    return out;
  }
  function ownEnumSymbols(o) {
    if (o == null) return [];
    o = Object(o);
    var syms = getOwnSymbols(o), out = [];
    for (var i = 0; i < syms.length; i++) if (propIsEnumerable.call(o, syms[i])) out.push(syms[i]);
    return out;
  }
  function allKeys(o) { return keys(o).concat(ownEnumSymbols(o)); }
  function allKeysIn(o) {
    var out = keysIn(o);
    for (var p = o == null ? null : Object(o); p; p = getProto(p)) out = out.concat(ownEnumSymbols(p));
    return out;
  }

  // ---- assignment helpers -------------------------------------------------

  function baseAssignValue(o, k, v) {
    if (k == '__proto__') defineProp(o, k, { configurable: true, enumerable: true, value: v, writable: true });
    else o[k] = v;
  }
  function assignValue(o, k, v) {
    var cur = o[k];
    if (!(hasOwn(o, k) && eq(cur, v)) || (v === undefined && !(k in o))) baseAssignValue(o, k, v);
  }

  // ---- paths --------------------------------------------------------------

  var plainKeyRe = /^\w*$/;
  var deepKeyRe = /\.|\[[^[\]]*\]|\[(["'])(?:\\.|(?!\1)[^\\])*?\1\]/;
  // Classifies a string path: 0 deep path, 1 plain key, 2 plain key that set/pick skip.
  // Results are cached (bounded) so hot paths avoid regexes and string methods.
  var keyKinds = new Map();
  function keyKind(p) {
    var k = keyKinds.get(p);
    if (k !== undefined) return k;
    k = (!plainKeyRe.test(p) && deepKeyRe.test(p)) ? 0 : (isUnsafeKey(p) ? 2 : 1);
    if (keyKinds.size >= 1000) keyKinds.clear();
    keyKinds.set(p, k);
    return k;
  }
  function isKey(v, o) {
    if (typeof v === 'string') return keyKind(v) !== 0 || (o != null && v in Object(o));
    if (isArray(v)) return false;
    var t = typeof v;
    if (t === 'number' || t === 'symbol' || t === 'boolean' || v == null) return true;
    return plainKeyRe.test(v) || !deepKeyRe.test(v) || (o != null && v in Object(o));
  }
  function toKey(v) {
    if (typeof v === 'string' || typeof v === 'symbol' || (typeof v === 'object' && isSymbol(v))) return v;
    var s = v + '';
    return (s === '0' && 1 / v === -Infinity) ? '-0' : s;
  }
  function isSep(c) { return c === 46 || c === 91 || c === 93; } // . [ ]
  // "a" (".", "[]") followed by ".", "[]" or the end marks an empty segment.
  function emptySegAt(s, i) {
    var j;
    if (s.charCodeAt(i) === 46) j = i + 1;
    else if (s.charCodeAt(i) === 91 && s.charCodeAt(i + 1) === 93) j = i + 2;
    else return false;
    return j >= s.length || s.charCodeAt(j) === 46 || (s.charCodeAt(j) === 91 && s.charCodeAt(j + 1) === 93);
  }
  function parsePath(s) {
    var out = [], n = s.length, i = 0;
    if (s.charCodeAt(0) === 46) out.push('');
    while (i < n) {
      var c = s.charCodeAt(i);
      if (!isSep(c)) {
        var j = i + 1;
        while (j < n && !isSep(s.charCodeAt(j))) j++;
        out.push(s.slice(i, j)); i = j; continue;
      }
      if (c === 91) {
        var m = /^\[(-?\d+(?:\.\d+)?)\]/.exec(s.slice(i));
        if (m) { out.push(m[1]); i += m[0].length; continue; }
        var q = s.charAt(i + 1);
        if (q === '"' || q === "'") {
          var k = i + 2, seg = '', ok = false;
          while (k < n) {
            var ch = s.charAt(k);
            if (ch === '\\' && k + 1 < n && !/[\n\r\u2028\u2029]/.test(s.charAt(k + 1))) { seg += s.charAt(k + 1); k += 2; continue; }
            if (ch === q) { ok = s.charAt(k + 1) === ']'; break; }
            seg += ch; k++;
          }
          if (ok) { out.push(seg); i = k + 2; continue; }
        }
      }
      if (emptySegAt(s, i)) out.push('');
      i++;
    }
    return out;
  }
  var pathCache = new Map();
  function stringToPath(s) {
    var hit = pathCache.get(s);
    if (hit !== undefined) return hit;
    var p = parsePath(s);
    if (pathCache.size >= 500) pathCache.clear();
    pathCache.set(s, p);
    return p;
  }
  function castPath(v, o) {
    if (isArray(v)) return v;
    return isKey(v, o) ? [v] : stringToPath(toStr(v));
  }
  function baseGet(o, path) {
    path = castPath(path, o);
    var i = 0, n = path.length;
    while (o != null && i < n) o = o[toKey(path[i++])];
    return (i && i === n) ? o : undefined;
  }
  function hasPath(o, path, test) {
    path = castPath(path, o);
    var i = -1, n = path.length, result = false, key;
    while (++i < n) {
      key = toKey(path[i]);
      if (!(result = o != null && test(o, key))) break;
      o = o[key];
    }
    if (result || ++i !== n) return result;
    n = o == null ? 0 : o.length;
    return !!n && isLength(n) && isIndex(key, n) && (isArray(o) || isArguments(o));
  }
  function testOwn(o, k) { return o != null && hasOwn(o, k); }
  function testIn(o, k) { return o != null && k in Object(o); }
  function isUnsafeKey(k) { return k === '__proto__' || k === 'constructor' || k === 'prototype'; }
  function baseSet(o, path, value) { return baseSetWith(o, path, value); }

  // ---- equality -----------------------------------------------------------

  function baseIsEqual(a, b, flags, stack) {
    if (a === b) return true;
    if (a == null || b == null || (!isObjectLike(a) && !isObjectLike(b))) return a !== a && b !== b;
    return equalDeep(a, b, flags, stack);
  }
  function normTag(v) {
    if (isArray(v)) return T_ARRAY;
    var t = rawTag(v);
    return t === T_ARGS ? T_OBJECT : t;
  }
  function equalDeep(a, b, flags, stack) {
    var ta = normTag(a), tb = normTag(b);
    if (ta === tb && ta !== T_OBJECT) {
      if (!stack) stack = new Stack();
      return (ta === T_ARRAY || isTypedArray(a)) ? equalArrays(a, b, flags, stack) : equalByTag(a, b, ta, flags, stack);
    }
    if (!(flags & PARTIAL)) {
      // As lodash: a chain wrapper compares as its value.
      var wa = ta === T_OBJECT && a instanceof Wrapper, wb = tb === T_OBJECT && b instanceof Wrapper;
      if (wa || wb) return baseIsEqual(wa ? a.value() : a, wb ? b.value() : b, flags, stack || new Stack());
    }
    if (ta !== tb) return false;
    if (!stack) stack = new Stack();
    return equalObjects(a, b, flags, stack);
  }
  function equalArrays(a, b, flags, stack) {
    var partial = flags & PARTIAL, n = a.length, m = b.length;
    if (n !== m && !(partial && m > n)) return false;
    var sa = stack.get(a), sb = stack.get(b);
    if (sa && sb) return sa === b && sb === a;
    stack.set(a, b); stack.set(b, a);
    var ok = true, seen = (flags & UNORDERED) ? new Set() : null;
    for (var i = 0; i < n && ok; i++) {
      var x = a[i];
      var cr = eqCustomizer ? customEq(x, b[i], i, a, b, flags, stack) : undefined;
      if (cr !== undefined) { ok = !!cr; continue; }
      if (seen) {
        var found = false;
        for (var j = 0; j < m; j++) {
          if (!seen.has(j) && (x === b[j] || baseIsEqual(x, b[j], flags, stack))) { seen.add(j); found = true; break; }
        }
        ok = found;
      } else {
        var y = b[i];
        ok = x === y || baseIsEqual(x, y, flags, stack);
      }
    }
    stack.delete(a); stack.delete(b);
    return ok;
  }
  function equalObjects(a, b, flags, stack) {
    var partial = flags & PARTIAL, ka = allKeys(a), kb = allKeys(b);
    if (ka.length !== kb.length && !partial) return false;
    var i, k;
    for (i = 0; i < ka.length; i++) {
      k = ka[i];
      if (!(partial ? k in b : hasOwn(b, k))) return false;
    }
    var sa = stack.get(a), sb = stack.get(b);
    if (sa && sb) return sa === b && sb === a;
    stack.set(a, b); stack.set(b, a);
    var ok = true, skipCtor = partial;
    for (i = 0; i < ka.length; i++) {
      k = ka[i];
      var x = a[k], y = b[k];
      var cr = eqCustomizer ? customEq(x, y, k, a, b, flags, stack) : undefined;
      if (cr === undefined ? !(x === y || baseIsEqual(x, y, flags, stack)) : !cr) { ok = false; break; }
      if (k === 'constructor') skipCtor = true;
    }
    if (ok && !skipCtor) {
      var ca = a.constructor, cb = b.constructor;
      if (ca != cb && ('constructor' in a && 'constructor' in b) &&
          !(typeof ca === 'function' && ca instanceof ca && typeof cb === 'function' && cb instanceof cb)) {
        ok = false;
      }
    }
    stack.delete(a); stack.delete(b);
    return ok;
  }
  function equalByTag(a, b, tag, flags, stack) {
    switch (tag) {
      case T_BOOL: case T_DATE: case T_NUMBER: return eq(+a, +b);
      case T_ERROR: return a.name == b.name && a.message == b.message;
      case T_REGEXP: case T_STRING: return a == (b + '');
      case T_SYMBOL: return a.valueOf() === b.valueOf();
      case T_ARRAYBUFFER:
        return a.byteLength === b.byteLength && equalArrays(new Uint8Array(a), new Uint8Array(b), flags, stack);
      case T_DATAVIEW:
        return a.byteLength === b.byteLength && a.byteOffset === b.byteOffset &&
          equalByTag(a.buffer, b.buffer, T_ARRAYBUFFER, flags, stack);
      case T_MAP: case T_SET:
        if (a.size !== b.size && !(flags & PARTIAL)) return false;
        var sa = stack.get(a);
        if (sa) return sa === b;
        var la = [], lb = [];
        if (tag === T_MAP) {
          a.forEach(function (v, k) { la.push([k, v]); });
          b.forEach(function (v, k) { lb.push([k, v]); });
        } else {
          a.forEach(function (v) { la.push(v); });
          b.forEach(function (v) { lb.push(v); });
        }
        stack.set(a, b);
        var r = equalArrays(la, lb, flags | UNORDERED, stack);
        stack.delete(a);
        return r;
    }
    return false;
  }

  // ---- iteratee shorthands ------------------------------------------------

  function isStrictComparable(v) { return v === v && !isObject(v); }
  function matchData(src) {
    var ks = keys(src), out = new Array(ks.length);
    for (var i = 0; i < ks.length; i++) { var v = src[ks[i]]; out[i] = [ks[i], v, isStrictComparable(v)]; }
    return out;
  }
  function strictMatcher(key, v) {
    return function (o) { return o != null && o[key] === v && (v !== undefined || key in Object(o)); };
  }
  function isMatchWith(o, data) {
    var n = data.length, i, d;
    if (o == null) return !n;
    o = Object(o);
    for (i = n - 1; i >= 0; i--) {
      d = data[i];
      if (d[2] ? d[1] !== o[d[0]] : !(d[0] in o)) return false;
    }
    for (i = 0; i < n; i++) {
      d = data[i];
      var key = d[0], ov = o[key], sv = d[1];
      if (d[2]) {
        if (ov === undefined && !(key in o)) return false;
      } else if (!baseIsEqual(sv, ov, PARTIAL | UNORDERED, null)) {
        return false;
      }
    }
    return true;
  }
  // The public matches, matchesProperty and iteratee match against a deep
  // clone of their source, as lodash's: changing it later changes nothing.
  // The shorthands inside other functions use theirs as given.
  var publicMatchers = {
    matches(src) { return matches(deepClone(src)); },
    matchesProperty(path, sv) { return matchesProperty(path, deepClone(sv)); },
    iteratee(v) { return iteratee(typeof v === 'function' ? v : deepClone(v)); }
  };
  function mixinMethod(o, func, chain) {
    return function () {
      var chainAll = this.__chain__;
      if (chain || chainAll) {
        var result = o(this.__wrapped__), actions = result.__actions__ = slice(this.__actions__, 0, this.__actions__.length);
        actions.push({ func: func, args: arguments, thisArg: o });
        result.__chain__ = chainAll;
        return result;
      }
      var args = [this.value()];
      for (var i = 0; i < arguments.length; i++) args.push(arguments[i]);
      return func.apply(o, args);
    };
  }
  function deepClone(v) { return baseClone(v, true, null, undefined, undefined, new Stack(), false); }
  function castFunction(v) { return typeof v === 'function' ? v : identity; }

  // ---- iteration core -----------------------------------------------------

  // Calls fn(value, key, collection) over array-likes by index, else over own keys; stops on false.
  function each(c, fn) {
    if (c == null) return c;
    var i, n;
    if (isArrayLike(c)) {
      var it = Object(c);
      for (i = 0, n = c.length; i < n; i++) if (fn(it[i], i, it) === false) break;
      return c;
    }
    var o = Object(c), ks = keys(c);
    for (i = 0, n = ks.length; i < n; i++) if (fn(o[ks[i]], ks[i], o) === false) break;
    return c;
  }
  function createFind(indexFn) {
    return (c, fn, from) => {
      var it = Object(c);
      if (!isArrayLike(c)) {
        var f = iteratee(fn), ks = keys(c);
        var i = indexFn(ks, function (k) { return f(it[k], k, it); }, from);
        return i > -1 ? it[ks[i]] : undefined;
      }
      var j = indexFn(c, fn, from);
      return j > -1 ? it[j] : undefined;
    };
  }
  var find = createFind(findIndex);
  var findLast = createFind(findLastIndex);

  function aggregator(init, setter) {
    return (c, fn) => {
      var acc = init(), f = iteratee(fn);
      each(c, function (v) { setter(acc, v, f(v)); });
      return acc;
    };
  }
  var groupBy = aggregator(function () { return {}; }, function (acc, v, k) {
    if (hasOwn(acc, k)) acc[k].push(v); else baseAssignValue(acc, k, [v]);
  });
  var keyBy = aggregator(function () { return {}; }, function (acc, v, k) { baseAssignValue(acc, k, v); });
  var countBy = aggregator(function () { return {}; }, function (acc, v, k) {
    if (hasOwn(acc, k)) ++acc[k]; else baseAssignValue(acc, k, 1);
  });
  var partition = aggregator(function () { return [[], []]; }, function (acc, v, k) { acc[k ? 0 : 1].push(v); });

  // ---- sorting ------------------------------------------------------------

  // Ascending order: ordinary values, then symbols, null, undefined and NaN.
  function rankOf(v) {
    if (v === undefined) return 3;
    if (v === null) return 2;
    if (v !== v) return 4;
    return typeof v === 'symbol' ? 1 : 0;
  }
  function compareAsc(a, b) {
    if (a === b) return 0;
    var ra = rankOf(a), rb = rankOf(b);
    if (ra || rb) return ra === rb ? 0 : (ra > rb ? 1 : -1);
    return a > b ? 1 : (a < b ? -1 : 0);
  }
  function baseOrderBy(c, its, orders) {
    var fns = [], i;
    for (i = 0; i < its.length; i++) {
      var it = its[i];
      fns.push(isArray(it) ? pathGetter(it.length === 1 ? it[0] : it) : iteratee(it));
    }
    if (!fns.length) fns.push(identity);
    var rows = [], idx = 0, nf = fns.length;
    each(c, function (v) {
      var crit = new Array(nf);
      for (var j = 0; j < nf; j++) crit[j] = fns[j](v);
      rows.push({ c: crit, i: idx++, v: v });
    });
    var no = orders.length;
    rows.sort(function (x, y) {
      for (var j = 0; j < nf; j++) {
        var r = compareAsc(x.c[j], y.c[j]);
        if (r) return (j < no && orders[j] == 'desc') ? -r : r;
      }
      return x.i - y.i;
    });
    var out = new Array(rows.length);
    for (i = 0; i < rows.length; i++) out[i] = rows[i].v;
    return out;
  }
  function pathGetter(path) { return function (v) { return baseGet(v, path); }; }

  // ---- arrays -------------------------------------------------------------

  function isFlattenable(v) {
    return isArray(v) || isArguments(v) || !!(v && Symbol.isConcatSpreadable && v[Symbol.isConcatSpreadable]);
  }
  // flattenTo and baseToString recurse as lodash's do, with no stack of
  // seen arrays (lodash has none: a cyclic array flattened deep ends in
  // V8's RangeError). Past MAX_NESTING levels they throw that RangeError
  // themselves, and past the hook limits of a result (MAX_ELEMS elements,
  // MAX_CHARS characters) a RangeError too, so an array that holds itself
  // twice, or a deep DAG, cannot grow memory without end where the engine
  // has no call-stack limit.
  var MAX_NESTING = 10000;
  function nestingError() { return new RangeError('Maximum call stack size exceeded (arrays nested past ' + MAX_NESTING + ' levels)'); }
  function flattenTo(out, a, depth, pred, strict, level) {
    level = level || 0;
    for (var i = 0, n = a.length; i < n; i++) {
      var v = a[i];
      if (depth > 0 && pred(v)) {
        if (depth > 1) {
          if (level >= MAX_NESTING) throw nestingError();
          flattenTo(out, v, depth - 1, pred, strict, level + 1);
        } else {
          if (out.length + v.length > MAX_ELEMS) checkElems(out.length + v.length);
          for (var j = 0, m = v.length; j < m; j++) out.push(v[j]);
        }
      } else if (!strict) {
        if (out.length >= MAX_ELEMS) checkElems(out.length + 1);
        out.push(v);
      }
    }
    return out;
  }
  function slice(a, start, end) {
    var n = a.length;
    if (start < 0) start = -start > n ? 0 : n + start;
    if (end > n) end = n;
    if (end < 0) end += n;
    var len = start > end ? 0 : end - start, out = new Array(len);
    for (var i = 0; i < len; i++) out[i] = a[i + start];
    return out;
  }
  function indexOfSVZ(a, v, from) {
    for (var i = from, n = a.length; i < n; i++) if (eq(a[i], v)) return i;
    return -1;
  }
  function setOf(a) { var s = new Set(); for (var i = 0; i < a.length; i++) s.add(a[i] === 0 ? 0 : a[i]); return s; }
  function hasSVZ(s, v) { return s.has(v === 0 ? 0 : v); }
  function differenceOf(a, vals) {
    var out = [], n = a.length;
    if (!n) return out;
    var s = setOf(vals);
    for (var i = 0; i < n; i++) if (!hasSVZ(s, a[i])) out.push(a[i] === 0 ? 0 : a[i]);
    return out;
  }

  // ---- math ---------------------------------------------------------------

  function sumWith(a, f) {
    var r;
    for (var i = 0, n = a.length; i < n; i++) {
      var cur = f(a[i]);
      if (cur !== undefined) r = r === undefined ? cur : r + cur;
    }
    return r;
  }
  function extremum(a, f, better) {
    var best, result;
    for (var i = 0, n = a.length; i < n; i++) {
      var v = a[i], cur = f(v);
      if (cur != null && (best === undefined ? (cur === cur && !isSymbol(cur)) : better(cur, best))) {
        best = cur; result = v;
      }
    }
    return result;
  }
  function gt(a, b) { return a > b; }
  function lt(a, b) { return a < b; }


  // ---- objects ------------------------------------------------------------

  // Keys that set and pick never write ('__proto__', 'constructor', 'prototype').
  var unsafeKeys = Object.create(null);
  defineProp(unsafeKeys, '__proto__', { value: true, enumerable: true });
  unsafeKeys.constructor = true;
  unsafeKeys.prototype = true;
  freeze(unsafeKeys);
  // One path of pick. A string present on an object is a literal key.
  function pickKey(o, p, out) {
    if (typeof o === 'object' && typeof p === 'string' && p in o && !(p in unsafeKeys)) out[p] = o[p];
    else pickPath(o, p, out);
  }
  // Whether o[k] = v runs a setter (native.go's pick is handed it and no longer calls it).
  function hasSetter(o, k) {
    for (var p = o; p != null; p = getProto(p)) {
      var d = getOwnPropDesc(p, k);
      if (d) return d.set !== undefined;
    }
    return false;
  }
  function pickPath(o, p, out) {
    if (hasIn(o, p)) baseSet(out, castPath(p, o), baseGet(o, p));
  }
  function restFlat(args, from) {
    var out = [];
    for (var i = from; i < args.length; i++) {
      var v = args[i];
      if (isFlattenable(v)) { for (var j = 0; j < v.length; j++) out.push(v[j]); } else out.push(v);
    }
    return out;
  }
  // Deep copy of plain objects only (other values are shared), keeping inherited enumerable keys.
  function clonePlainDeep(v, stack) {
    if (!isPlainObject(v)) return v;
    var hit = stack.get(v);
    if (hit) return hit;
    var out = {};
    stack.set(v, out);
    var ks = allKeysIn(v);
    for (var i = 0; i < ks.length; i++) assignValue(out, ks[i], clonePlainDeep(v[ks[i]], stack));
    return out;
  }
  function forOwnKeys(o, fn) {
    var ks = keys(o), it = Object(o);
    for (var i = 0; i < ks.length; i++) fn(it[ks[i]], ks[i], it);
  }
  function forKeysIn(o, fn) {
    var ks = keysIn(o), it = Object(o);
    for (var i = 0; i < ks.length; i++) fn(it[ks[i]], ks[i]);
  }
  function assigner(apply) {
    return function (o) {
      var sources = [];
      for (var i = 1; i < arguments.length; i++) sources.push(arguments[i]);
      var n = sources.length;
      if (n > 2 && sources[2] && isIterateeCall(sources[0], sources[1], sources[2])) n = 1;
      o = Object(o);
      for (i = 0; i < n; i++) if (sources[i]) apply(o, sources[i]);
      return o;
    };
  }
  var assign = assigner(function (o, src) {
    forOwnKeys(src, function (v, k) { assignValue(o, k, v); });
  });
  var defaults = assigner(function (o, src) {
    forKeysIn(src, function (v, k) {
      var cur = o[k];
      if (cur === undefined || (eq(cur, objProto[k]) && !hasOwn(o, k))) o[k] = v;
    });
  });
  function assignMergeValue(o, k, v) {
    if ((v !== undefined && !eq(o[k], v)) || (v === undefined && !(k in o))) baseAssignValue(o, k, v);
  }
  function safeGet(o, k) {
    if (k === 'constructor' && typeof o[k] === 'function') return undefined;
    if (k == '__proto__') return undefined;
    return o[k];
  }
  function newLike(v) {
    return (typeof v.constructor === 'function' && !isPrototype(v)) ? Object.create(getProto(v)) : {};
  }
  function baseMerge(o, src, stack) {
    if (o === src) return;
    forKeysIn(src, function (sv, k) {
      if (!isObject(sv)) { assignMergeValue(o, k, sv); return; }
      if (!stack) stack = new Stack();
      mergeDeep(o, src, k, stack);
    });
  }
  function mergeDeep(o, src, k, stack) {
    var ov = safeGet(o, k), sv = safeGet(src, k), hit = stack.get(sv);
    if (hit) { assignMergeValue(o, k, hit); return; }
    var nv = sv, recurse = true;
    if (isArray(sv) || isTypedArray(sv)) {
      if (isArray(ov)) nv = ov;
      else if (isArrayLikeObject(ov)) nv = slice(ov, 0, ov.length);
      else if (isTypedArray(sv)) nv = new sv.constructor(sv);
      else nv = [];
    } else if (isPlainObject(sv) || isArguments(sv)) {
      nv = ov;
      if (isArguments(ov)) nv = assign({}, ov);
      else if (!isObject(ov) || isFunction(ov)) nv = newLike(sv);
    } else {
      recurse = false;
    }
    if (recurse) {
      stack.set(sv, nv);
      baseMerge(nv, sv, stack);
      stack.delete(sv);
    }
    assignMergeValue(o, k, nv);
  }
  var merge = assigner(function (o, src) { baseMerge(o, src, null); });

  function cloneByTag(v, tag, deep) {
    var C = v.constructor;
    switch (tag) {
      case T_BOOL: case T_DATE: return new C(+v);
      case T_NUMBER: case T_STRING: return new C(v);
      case T_REGEXP: var r = new C(v.source, v.flags); r.lastIndex = v.lastIndex; return r;
      case T_MAP: case T_SET: return new C();
      case T_SYMBOL: return Object(v.valueOf());
      case T_ARRAYBUFFER: return v.slice(0);
      case T_DATAVIEW: return new C(deep ? v.buffer.slice(0) : v.buffer, v.byteOffset, v.byteLength);
    }
    if (isTypedArray(v)) return new C(deep ? v.buffer.slice(0) : v.buffer, v.byteOffset, v.length);
    return undefined;
  }

  // ---- strings ------------------------------------------------------------

  function cc(s, i) { return i < s.length ? s.charCodeAt(i) : -1; }
  function isHigh(c) { return c >= 0xd800 && c <= 0xdbff; }
  function isLow(c) { return c >= 0xdc00 && c <= 0xdfff; }
  function isSurrogate(c) { return c >= 0xd800 && c <= 0xdfff; }
  function isCombo(c) { return (c >= 0x300 && c <= 0x36f) || (c >= 0xfe20 && c <= 0xfe2f) || (c >= 0x20d0 && c <= 0x20ff); }
  function isVarSel(c) { return c === 0xfe0e || c === 0xfe0f; }
  function isFitzAt(s, i) { var d = cc(s, i + 1); return cc(s, i) === 0xd83c && d >= 0xdffb && d <= 0xdfff; }
  function isRegionalAt(s, i) { var d = cc(s, i + 1); return cc(s, i) === 0xd83c && d >= 0xdde6 && d <= 0xddff; }
  function isRegionalPairAt(s, i) { return isRegionalAt(s, i) && isRegionalAt(s, i + 2); }
  function isPairAt(s, i) { return isHigh(cc(s, i)) && isLow(cc(s, i + 1)); }
  // True when s holds joiners, surrogates, combining marks or variation selectors.
  function hasUnicodeHint(s) {
    for (var i = 0, n = s.length; i < n; i++) {
      var c = s.charCodeAt(i);
      if (c >= 0x300 && (c === 0x200d || isSurrogate(c) || isCombo(c) || isVarSel(c))) return true;
    }
    return false;
  }
  // Optional variation selector, modifier and zero-width-joiner continuation after a symbol.
  function seqEnd(s, i) {
    if (isVarSel(cc(s, i))) i++;
    if (isFitzAt(s, i)) i += 2; else if (isCombo(cc(s, i))) i++;
    while (cc(s, i) === 0x200d) {
      var j = i + 1, c = cc(s, j);
      if (c >= 0 && !isSurrogate(c)) j++;
      else if (isRegionalPairAt(s, j)) j += 4;
      else if (isPairAt(s, j)) j += 2;
      else break;
      if (isVarSel(cc(s, j))) j++;
      if (isFitzAt(s, j)) j += 2; else if (isCombo(cc(s, j))) j++;
      i = j;
    }
    return i;
  }
  // Splits a string into user-perceived symbols (astral pairs, combining marks, emoji sequences).
  function symbolsOf(s) {
    if (!hasUnicodeHint(s)) return s.split('');
    var out = [], n = s.length, i = 0;
    while (i < n) {
      var st = i, c = s.charCodeAt(i);
      if (isFitzAt(s, i) && isFitzAt(s, i + 2)) { out.push(s.slice(i, i + 2)); i += 2; continue; }
      if (!isSurrogate(c)) { i++; if (isCombo(cc(s, i))) i++; }
      else if (isRegionalPairAt(s, i)) i += 4;
      else if (isPairAt(s, i)) i += 2;
      else i++;
      i = seqEnd(s, i);
      out.push(s.slice(st, i));
    }
    return out;
  }

  var deburrFrom = [[0xc0, 0xd6], [0xd8, 0xf6], [0xf8, 0x17f]];
  var deburrMap = null;
  function deburrLetter(ch) {
    if (!deburrMap) {
      deburrMap = new Map();
      var deburrTo = ("A A A A A A Ae C E E E E I I I I D N O O O O O O U U U U Y Th ss a a a a a a ae c e e e e i i i " +
        "i d n o o o o o o u u u u y th y A a A a A a C c C c C c C c D d D d E e E e E e E e E e G g G g G g G g H h " +
        "H h I i I i I i I i I i IJ ij J j K k k L l L l L l L l L l N n N n N n 'n N n O o O o O o Oe oe R r R r R r " +
        "S s S s S s S s T t T t T t U u U u U u U u U u U u W w Y y Y Z z Z z Z z s").split(' ');
      var k = 0;
      for (var r = 0; r < deburrFrom.length; r++) {
        for (var c = deburrFrom[r][0]; c <= deburrFrom[r][1]; c++) deburrMap.set(String.fromCharCode(c), deburrTo[k++]);
      }
    }
    return deburrMap.get(ch);
  }

  function isUpperC(c) { return (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0xd6) || (c >= 0xd8 && c <= 0xde); }
  function isLowerC(c) { return (c >= 97 && c <= 122) || (c >= 0xdf && c <= 0xf6) || (c >= 0xf8 && c <= 0xff); }
  function isDigitC(c) { return c >= 48 && c <= 57; }
  function isBreakC(c) {
    return (c >= 0 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) ||
      (c >= 0x7b && c <= 0xbf) || c === 0xd7 || c === 0xf7 || (c >= 0x2000 && c <= 0x206f) ||
      c === 0x1680 || c === 0x180e || c === 0x3000 || c === 0xfeff;
  }
  function isMiscC(c) {
    return c >= 0 && !(isSurrogate(c) || isBreakC(c) || isDigitC(c) || (c >= 0x2700 && c <= 0x27bf) ||
      isLowerC(c) || isUpperC(c));
  }
  function isMiscUpperC(c) { return isUpperC(c) || isMiscC(c); }
  function isMiscLowerC(c) { return isLowerC(c) || isMiscC(c); }
  function isWordC(c) { return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; }
  var contrLower = ['d', 'll', 'm', 're', 's', 't', 've'];
  var contrUpper = ['D', 'LL', 'M', 'RE', 'S', 'T', 'VE'];
  // Length of an English contraction ("'s", "’ll", ...) at i, or 0.
  function contraction(s, i, upper) {
    var c = cc(s, i);
    if (c !== 39 && c !== 0x2019) return 0;
    var list = upper ? contrUpper : contrLower;
    for (var k = 0; k < list.length; k++) if (s.startsWith(list[k], i + 1)) return 1 + list[k].length;
    return 0;
  }
  function ordinalEnd(s, p, upper) {
    var d = s.charAt(p), t = s.substr(p + 1, 2);
    if (upper) t = t === 'ST' || t === 'ND' || t === 'RD' || t === 'TH' ? t.toLowerCase() : '';
    else if (t !== 'st' && t !== 'nd' && t !== 'rd' && t !== 'th') t = '';
    if (!t) return -1;
    if ((d === '1' && t === 'st') || (d === '2' && t === 'nd') || (d === '3' && t === 'rd')) return p + 3;
    if (t === 'th' && d !== '1' && d !== '2' && d !== '3') return p + 3;
    return -1;
  }
  function wordEndAt(s, i) {
    var n = s.length, c = s.charCodeAt(i), j, k, e, m;
    function afterLower(p) { return p >= n || isBreakC(cc(s, p)) || isUpperC(cc(s, p)); }
    function afterUpper(p) { return p >= n || isBreakC(cc(s, p)) || (isUpperC(cc(s, p)) && isMiscLowerC(cc(s, p + 1))); }
    // Upper? Lower+ followed by a break, an upper letter or the end.
    if (isUpperC(c) || isLowerC(c)) {
      j = isUpperC(c) ? i + 1 : i;
      for (k = j; k < n && isLowerC(s.charCodeAt(k)); k++);
      if (k > j) {
        m = contraction(s, k, false);
        if (m && afterLower(k + m)) return k + m;
        if (afterLower(k)) return k;
      }
    }
    // A run of upper/other letters ending before a break, an Upper+lower hump or the end.
    if (isMiscUpperC(c)) {
      for (k = i; k < n && isMiscUpperC(s.charCodeAt(k)); k++);
      for (e = k; e > i; e--) {
        if (e === k) { m = contraction(s, e, true); if (m && afterUpper(e + m)) return e + m; }
        if (afterUpper(e)) return e;
      }
    }
    // Upper? (lower|other)+
    if (isMiscLowerC(c) || isUpperC(c)) {
      j = isUpperC(c) ? i + 1 : i;
      for (k = j; k < n && isMiscLowerC(s.charCodeAt(k)); k++);
      if (k > j) return k + contraction(s, k, false);
    }
    if (isUpperC(c)) {
      for (k = i; k < n && isUpperC(s.charCodeAt(k)); k++);
      return k + contraction(s, k, true);
    }
    if (isDigitC(c)) {
      for (k = i; k < n && isDigitC(s.charCodeAt(k)); k++);
      for (var pass = 0; pass < 2; pass++) {
        var upper = pass === 0;
        for (var p = k - 1; p >= i; p--) {
          e = ordinalEnd(s, p, upper);
          if (e < 0) continue;
          var nc = cc(s, e);
          if (e >= n || !isWordC(nc) || nc === 95 || (upper ? (nc >= 97 && nc <= 122) : (nc >= 65 && nc <= 90))) return e;
        }
      }
      return k;
    }
    if (c >= 0x2700 && c <= 0x27bf) return seqEnd(s, i + 1);
    if (isRegionalPairAt(s, i)) return seqEnd(s, i + 4);
    if (isPairAt(s, i)) return seqEnd(s, i + 2);
    return -1;
  }
  function compounder(join) {
    return (s) => {
      var ws = words(deburr(s).replace(/['\u2019]/g, '')), out = '';
      for (var i = 0; i < ws.length; i++) out = join(out, ws[i], i);
      return out;
    };
  }
  var camelCase = compounder(function (r, w, i) { w = w.toLowerCase(); return r + (i ? capitalize(w) : w); });
  var snakeCase = compounder(function (r, w, i) { return r + (i ? '_' : '') + w.toLowerCase(); });
  var kebabCase = compounder(function (r, w, i) { return r + (i ? '-' : '') + w.toLowerCase(); });
  var lowerCase = compounder(function (r, w, i) { return r + (i ? ' ' : '') + w.toLowerCase(); });
  var upperCase = compounder(function (r, w, i) { return r + (i ? ' ' : '') + w.toUpperCase(); });
  var startCase = compounder(function (r, w, i) { return r + (i ? ' ' : '') + upperFirst(w); });

  function trimWith(mode) {
    return (s, chars, guard) => {
      s = toStr(s);
      if (s && (guard || chars === undefined)) {
        return mode === 0 ? trimWS(s) : mode === 1 ? s.replace(wsStartRe, '') : s.replace(wsEndRe, '');
      }
      if (!s || !(chars = baseToString(chars))) return s;
      var sym = symbolsOf(s), set = new Set(symbolsOf(chars)), a = 0, b = sym.length;
      if (mode !== 2) while (a < b && set.has(sym[a])) a++;
      if (mode !== 1) while (b > a && set.has(sym[b - 1])) b--;
      return sym.slice(a, b).join('');
    };
  }
  var trim = trimWith(0), trimStart = trimWith(1), trimEnd = trimWith(2);
  function stringSize(s) { return hasUnicodeHint(s) ? symbolsOf(s).length : s.length; }
  function padding(len, chars) {
    chars = chars === undefined ? ' ' : baseToString(chars);
    if (chars.length < 2) return chars.length ? repeatStr(chars, len) : chars;
    var r = repeatStr(chars, mathCeil(len / stringSize(chars)));
    return hasUnicodeHint(chars) ? symbolsOf(r).slice(0, len).join('') : r.slice(0, len);
  }
  function repeatStr(s, n) {
    if (!s || n < 1 || n > MAX_SAFE) return '';
    if (s.length * n > MAX_CHARS) checkChars(s.length * n);
    return s.repeat(n);
  }

  // ---- math and number ----------------------------------------------------

  function baseToNumber(v) { return typeof v === 'number' ? v : isSymbol(v) ? NaN : +v; }
  function mathOp(op, dflt) {
    return (a, b) => {
      if (a === undefined && b === undefined) return dflt;
      var r;
      if (a !== undefined) r = a;
      if (b !== undefined) {
        if (r === undefined) return b;
        if (typeof a === 'string' || typeof b === 'string') { a = baseToString(a); b = baseToString(b); }
        else { a = baseToNumber(a); b = baseToNumber(b); }
        r = op(a, b);
      }
      return r;
    };
  }
  var add = mathOp(function (a, b) { return a + b; }, 0);
  var subtract = mathOp(function (a, b) { return a - b; }, 0);
  var multiply = mathOp(function (a, b) { return a * b; }, 1);
  var divide = mathOp(function (a, b) { return a / b; }, 1);
  function rounder(fn) {
    return (n, precision) => {
      n = toNumber(n);
      precision = precision == null ? 0 : mathMin(toInteger(precision), 292);
      if (precision && isFinite(n)) {
        var p = (toStr(n) + 'e').split('e');
        var v = fn(p[0] + 'e' + (+p[1] + precision));
        p = (toStr(v) + 'e').split('e');
        return +(p[0] + 'e' + (+p[1] - precision));
      }
      return fn(n);
    };
  }
  var ceil = rounder(Math.ceil), floor = rounder(Math.floor), round = rounder(Math.round);
  function relOp(op) {
    return (a, b) => {
      if (!(typeof a === 'string' && typeof b === 'string')) { a = toNumber(a); b = toNumber(b); }
      return op(a, b);
    };
  }
  var gtFn = relOp(function (a, b) { return a > b; }), gteFn = relOp(function (a, b) { return a >= b; });
  var ltFn = relOp(function (a, b) { return a < b; }), lteFn = relOp(function (a, b) { return a <= b; });

  // ---- more predicates ----------------------------------------------------

  function tagIs(tag) { return (v) => { return isObjectLike(v) && rawTag(v) === tag; }; }
  var isDate = tagIs(T_DATE), isMap = tagIs(T_MAP), isSet = tagIs(T_SET), isArrayBuffer = tagIs(T_ARRAYBUFFER);
  var isWeakMap = tagIs('[object WeakMap]'), isWeakSet = tagIs('[object WeakSet]');
  var nativeFnRe = /^function[^(]*\(\) \{\s*\[native code\]\s*\}$/;

  // ---- equality with customizers -------------------------------------------

  // Runs baseIsEqual with a customizer: (a, b, key, objA, objB) for isEqualWith;
  // for partial (isMatchWith) comparisons the object side comes first.
  var eqCustomizer = null;
  function withCustomizer(c, fn) {
    var saved = eqCustomizer;
    eqCustomizer = typeof c === 'function' ? c : null;
    try { return fn(); } finally { eqCustomizer = saved; }
  }
  function customEq(x, y, k, a, b, flags, stack) {
    if (!eqCustomizer) return undefined;
    return (flags & PARTIAL) ? eqCustomizer(y, x, k, b, a, stack) : eqCustomizer(x, y, k, a, b, stack);
  }

  // ---- cloning -------------------------------------------------------------

  var cloneableTags = null;
  function isCloneableTag(tag) {
    if (!cloneableTags) {
      cloneableTags = new Set([T_ARGS, T_ARRAY, T_ARRAYBUFFER, T_DATAVIEW, T_BOOL, T_DATE, T_MAP, T_NUMBER, T_OBJECT,
        T_REGEXP, T_SET, T_STRING, T_SYMBOL, '[object Float32Array]', '[object Float64Array]', '[object Int8Array]',
        '[object Int16Array]', '[object Int32Array]', '[object Uint8Array]', '[object Uint8ClampedArray]',
        '[object Uint16Array]', '[object Uint32Array]']);
    }
    return cloneableTags.has(tag);
  }
  function baseClone(v, deep, customizer, key, parent, stack, full) {
    var r;
    if (customizer) r = parent !== undefined ? customizer(v, key, parent, stack) : customizer(v);
    if (r !== undefined) return r;
    if (!isObject(v)) return v;
    var arr = isArray(v), tag;
    if (arr) {
      r = new Array(v.length);
      if (v.length && typeof v[0] === 'string' && hasOwn(v, 'index')) { r.index = v.index; r.input = v.input; }
      if (!deep) { for (var i = 0; i < v.length; i++) r[i] = v[i]; return r; }
    } else {
      tag = tagOf(v);
      var fn = typeof v === 'function';
      if (tag === T_OBJECT || tag === T_ARGS || (fn && parent === undefined)) {
        r = fn ? {} : newLike(v);
        if (!deep) {
          var ks0 = allKeys(v);
          for (var j0 = 0; j0 < ks0.length; j0++) assignValue(r, ks0[j0], v[ks0[j0]]);
          return r;
        }
      } else {
        if (!isCloneableTag(tag) && !isTypedArray(v)) return parent !== undefined ? v : {};
        r = cloneByTag(v, tag, deep);
      }
    }
    var hit = stack.get(v);
    if (hit) return hit;
    stack.set(v, r);
    if (tag === T_SET) v.forEach(function (x) { r.add(baseClone(x, deep, customizer, x, v, stack, full)); });
    else if (tag === T_MAP) v.forEach(function (x, k) { r.set(k, baseClone(x, deep, customizer, k, v, stack, full)); });
    if (arr) {
      for (var a = 0; a < v.length; a++) assignValue(r, a, baseClone(v[a], deep, customizer, a, v, stack, full));
    } else {
      var ks = full ? allKeys(v) : keys(v);
      for (var b = 0; b < ks.length; b++) assignValue(r, ks[b], baseClone(v[ks[b]], deep, customizer, ks[b], v, stack, full));
    }
    return r;
  }
  // ---- more objects ---------------------------------------------------------

  function assignerWith(apply, custom) {
    return function (o) {
      var sources = [];
      for (var i = 1; i < arguments.length; i++) sources.push(arguments[i]);
      var n = sources.length, c = n > 1 ? sources[n - 1] : undefined, guard = n > 2 ? sources[2] : undefined;
      c = custom && typeof c === 'function' ? (n--, c) : undefined;
      if (guard && isIterateeCall(sources[0], sources[1], guard)) { c = n < 3 ? undefined : c; n = 1; }
      o = Object(o);
      for (i = 0; i < n; i++) if (sources[i]) apply(o, sources[i], c);
      return o;
    };
  }
  function copyWith(keysFn) {
    return function (o, src, c) {
      var ks = keysFn(src);
      for (var i = 0; i < ks.length; i++) {
        var k = ks[i], nv = c ? c(o[k], src[k], k, o, src) : undefined;
        assignValue(o, k, nv === undefined ? src[k] : nv);
      }
    };
  }
  var assignIn = assignerWith(copyWith(keysIn), false);
  var assignWith = assignerWith(copyWith(keys), true);
  var assignInWith = assignerWith(copyWith(keysIn), true);
  var mergeWith = assignerWith(function (o, src, c) { baseMergeWith(o, src, c, null); }, true);
  function baseMergeWith(o, src, c, stack) {
    if (o === src) return;
    forKeysIn(src, function (sv, k) {
      if (!stack) stack = new Stack();
      if (isObject(sv)) { mergeDeepWith(o, src, k, c, stack); return; }
      var nv = c ? c(safeGet(o, k), sv, k + '', o, src, stack) : undefined;
      assignMergeValue(o, k, nv === undefined ? sv : nv);
    });
  }
  function mergeDeepWith(o, src, k, c, stack) {
    var ov = safeGet(o, k), sv = safeGet(src, k), hit = stack.get(sv);
    if (hit) { assignMergeValue(o, k, hit); return; }
    var nv = c ? c(ov, sv, k + '', o, src, stack) : undefined, recurse = nv === undefined;
    if (recurse) {
      nv = sv;
      if (isArray(sv) || isTypedArray(sv)) {
        if (isArray(ov)) nv = ov;
        else if (isArrayLikeObject(ov)) nv = slice(ov, 0, ov.length);
        else if (isTypedArray(sv)) { nv = new sv.constructor(sv); recurse = false; }
        else nv = [];
      } else if (isPlainObject(sv) || isArguments(sv)) {
        nv = ov;
        if (isArguments(ov)) nv = toPlainObject(ov);
        else if (!isObject(ov) || isFunction(ov)) nv = newLike(sv);
      } else {
        recurse = false;
      }
    }
    if (recurse) {
      stack.set(sv, nv);
      baseMergeWith(nv, sv, c, stack);
      stack.delete(sv);
    }
    assignMergeValue(o, k, nv);
  }
  function defaultsDeepCustomizer(ov, sv, k, o, src, stack) {
    if (isObject(ov) && isObject(sv)) {
      stack.set(sv, ov);
      baseMergeWith(ov, sv, defaultsDeepCustomizer, stack);
      stack['delete'](sv);
    }
    return ov;
  }
  function findKeyWith(fromRight) {
    return (o, fn) => {
      if (o == null) return undefined;
      var f = iteratee(fn), ks = keys(o), it = Object(o), n = ks.length;
      for (var i = 0; i < n; i++) {
        var k = ks[fromRight ? n - 1 - i : i];
        if (f(it[k], k, it)) return k;
      }
      return undefined;
    };
  }
  var findKey = findKeyWith(false), findLastKey = findKeyWith(true);
  function forWith(keysFn, fromRight) {
    return (o, fn) => {
      if (o == null) return o;
      var f = castFunction(fn), ks = keysFn(o), it = Object(o), n = ks.length;
      for (var i = 0; i < n; i++) {
        var k = ks[fromRight ? n - 1 - i : i];
        if (f(it[k], k, it) === false) break;
      }
      return o;
    };
  }
  var forIn = forWith(keysIn, false), forInRight = forWith(keysIn, true);
  var forOwn = forWith(keys, false), forOwnRight = forWith(keys, true);
  function functionsOf(keysFn) {
    return (o) => {
      if (o == null) return [];
      var ks = keysFn(o), out = [];
      for (var i = 0; i < ks.length; i++) if (isFunction(o[ks[i]])) out.push(ks[i]);
      return out;
    };
  }
  var functions = functionsOf(keys), functionsIn = functionsOf(keysIn);
  function parentOf(o, path) { return path.length < 2 ? o : baseGet(o, path.slice(0, -1)); }
  function baseSetWith(o, path, value, c) {
    if (!isObject(o)) return o;
    path = castPath(path, o);
    var n = path.length, last = n - 1, nested = o;
    for (var i = 0; nested != null && i < n; i++) {
      var key = toKey(path[i]);
      if (isUnsafeKey(key)) return o;
      var nv = value;
      if (i !== last) {
        var cur = nested[key];
        nv = c ? c(cur, key, nested) : undefined;
        if (nv === undefined) nv = isObject(cur) ? cur : (isIndex(path[i + 1]) ? [] : {});
      }
      assignValue(nested, key, nv);
      nested = nested[key];
    }
    return o;
  }
  function forEachArr(a, fn) { for (var i = 0, n = a.length; i < n; i++) if (fn(a[i], i, a) === false) break; }
  function forOwnStop(o, fn) {
    if (o == null) return;
    var ks = keys(o), it = Object(o);
    for (var i = 0; i < ks.length; i++) if (fn(it[ks[i]], ks[i], it) === false) break;
  }
  // ---- size bounds ------------------------------------------------------------

  // Results built in one call stay within the hook limits (yqcloud/limits.go).
  var MAX_ELEMS = 4 * 1024 * 1024, MAX_CHARS = 16 * 1024 * 1024;
  function checkElems(n) {
    if (n > MAX_ELEMS) throw new RangeError('lodash: a result of ' + n + ' elements is over the limit of ' + MAX_ELEMS);
  }
  function checkChars(n) {
    if (n > MAX_CHARS) throw new RangeError('lodash: a string of ' + n + ' characters is over the limit of ' + MAX_CHARS);
  }

  // ---- more arrays ------------------------------------------------------------

  function lastArrayLike(args) { var l = args[args.length - 1]; return isArrayLikeObject(l) ? undefined : l; }
  function argsFrom(args, from) { var out = []; for (var i = from; i < args.length; i++) out.push(args[i]); return out; }
  function fnOrUndef(v) { return typeof v === 'function' ? v : undefined; }
  function includesWith(a, v, cmp) {
    for (var i = 0, n = a == null ? 0 : a.length; i < n; i++) if (cmp(v, a[i])) return true;
    return false;
  }
  function includesSVZ(a, v) { return indexOfSVZ(a, v, 0) > -1; }
  function baseDifference(a, vals, f, cmp) {
    var out = [];
    if (!a.length) return out;
    if (f) vals = map(vals, function (x) { return f(x); });
    for (var i = 0; i < a.length; i++) {
      var v = a[i], c = f ? f(v) : v;
      v = (cmp || v !== 0) ? v : 0;
      if (cmp ? !includesWith(vals, c, cmp) : !includesSVZ(vals, c)) out.push(v);
    }
    return out;
  }
  function baseIntersection(arrays, f, cmp) {
    var first = arrays[0], out = [], seen = [];
    var others = [];
    for (var j = 1; j < arrays.length; j++) others.push(f ? map(arrays[j], function (x) { return f(x); }) : arrays[j]);
    outer: for (var i = 0; i < first.length; i++) {
      var v = first[i], c = f ? f(v) : v;
      v = (cmp || v !== 0) ? v : 0;
      if (cmp ? includesWith(seen, c, cmp) : includesSVZ(seen, c)) continue;
      for (j = 0; j < others.length; j++) {
        if (!(cmp ? includesWith(others[j], c, cmp) : includesSVZ(others[j], c))) continue outer;
      }
      seen.push(c); out.push(v);
    }
    return out;
  }
  function castArrayLikeObject(v) { return isArrayLikeObject(v) ? v : []; }
  function baseUniq(a, f, cmp) {
    var out = [], seen = f ? [] : out;
    for (var i = 0; i < a.length; i++) {
      var v = a[i], c = f ? f(v) : v;
      v = (cmp || v !== 0) ? v : 0;
      if (cmp ? includesWith(seen, c, cmp) : includesSVZ(seen, c)) continue;
      if (seen !== out) seen.push(c);
      out.push(v);
    }
    return out;
  }
  function baseXor(arrays, f, cmp) {
    var n = arrays.length;
    if (n < 2) return n ? baseUniq(arrays[0]) : [];
    var parts = new Array(n);
    for (var i = 0; i < n; i++) {
      for (var j = 0; j < n; j++) if (j !== i) parts[i] = baseDifference(parts[i] || arrays[i], arrays[j], f, cmp);
    }
    return baseUniq(flattenTo([], parts, 1, isFlattenable, false), f, cmp);
  }
  function indexOfWith(a, v, from, cmp) {
    for (var i = from, n = a.length; i < n; i++) if (cmp(a[i], v)) return i;
    return -1;
  }
  var arraySplice = Array.prototype.splice;
  function basePullAll(a, vals, f, cmp) {
    if (a === vals) vals = slice(vals, 0, vals.length);
    var seen = f ? map(a, function (x) { return f(x); }) : a;
    for (var i = 0; i < vals.length; i++) {
      var from = 0, c = f ? f(vals[i]) : vals[i];
      while ((from = cmp ? indexOfWith(seen, c, from, cmp) : indexOfSVZ(seen, c, from)) > -1) {
        if (seen !== a) arraySplice.call(seen, from, 1);
        arraySplice.call(a, from, 1);
      }
    }
    return a;
  }
  function basePullAt(a, idx) {
    var n = a ? idx.length : 0, prev;
    while (n--) {
      var i = idx[n];
      if (n === idx.length - 1 || i !== prev) {
        prev = i;
        if (isIndex(i)) arraySplice.call(a, i, 1); else unset(a, i);
      }
    }
    return a;
  }
  function whileWith(drop, fromRight) {
    return (a, fn) => {
      var n = a == null ? 0 : a.length;
      if (!n) return [];
      var f = iteratee(fn), i = fromRight ? n : -1;
      while ((fromRight ? i-- : ++i < n) && f(a[i], i, a));
      return drop ? slice(a, fromRight ? 0 : i, fromRight ? i + 1 : n) : slice(a, fromRight ? i + 1 : 0, fromRight ? n : i);
    };
  }
  var dropWhile = whileWith(true, false), dropRightWhile = whileWith(true, true);
  var takeWhile = whileWith(false, false), takeRightWhile = whileWith(false, true);
  var arrayReverse = Array.prototype.reverse;
  function sortedIndexByWith(a, v, f, high) {
    var lo = 0, hi = a == null ? 0 : a.length;
    if (hi === 0) return 0;
    v = f(v);
    var vNaN = v !== v, vNull = v === null, vSym = isSymbol(v), vUndef = v === undefined;
    while (lo < hi) {
      var mid = mathFloor((lo + hi) / 2), c = f(a[mid]), setLow;
      var cDef = c !== undefined, cNull = c === null, cRefl = c === c, cSym = isSymbol(c);
      if (vNaN) setLow = high || cRefl;
      else if (vUndef) setLow = cRefl && (high || cDef);
      else if (vNull) setLow = cRefl && cDef && (high || !cNull);
      else if (vSym) setLow = cRefl && cDef && !cNull && (high || !cSym);
      else if (cNull || cSym) setLow = false;
      else setLow = high ? c <= v : c < v;
      if (setLow) lo = mid + 1; else hi = mid;
    }
    return mathMin(hi, MAX_ARRAY_LENGTH - 1);
  }
  function baseSortedIndex(a, v, high) {
    var lo = 0, hi = a == null ? 0 : a.length;
    if (typeof v === 'number' && v === v && hi <= 2147483647) {
      while (lo < hi) {
        var mid = (lo + hi) >>> 1, c = a[mid];
        if (c !== null && !isSymbol(c) && (high ? c <= v : c < v)) lo = mid + 1; else hi = mid;
      }
      return hi;
    }
    return sortedIndexByWith(a, v, identity, high);
  }
  function baseSortedUniq(a, f) {
    var out = [], seen;
    for (var i = 0; i < a.length; i++) {
      var v = a[i], c = f ? f(v) : v;
      if (!i || !eq(c, seen)) { seen = c; out.push(v === 0 ? 0 : v); }
    }
    return out;
  }
  function zipObjectWith(props, vals, put) {
    props = props || []; vals = vals || [];
    var out = {}, n = props.length, m = vals.length;
    for (var i = 0; i < n; i++) put(out, props[i], i < m ? vals[i] : undefined);
    return out;
  }

  // ---- more collections ------------------------------------------------------

  function eachRight(c, fn) {
    if (c == null) return c;
    var i;
    if (isArrayLike(c)) {
      var it = Object(c);
      for (i = c.length - 1; i >= 0; i--) if (fn(it[i], i, it) === false) break;
      return c;
    }
    var o = Object(c), ks = keys(c);
    for (i = ks.length - 1; i >= 0; i--) if (fn(o[ks[i]], ks[i], o) === false) break;
    return c;
  }
  function shuffleSelf(a, size) {
    var n = a.length, last = n - 1;
    size = size === undefined ? n : size;
    for (var i = 0; i < size; i++) {
      var r = i + mathFloor(Math.random() * (last - i + 1)), v = a[r];
      a[r] = a[i]; a[i] = v;
    }
    a.length = size;
    return a;
  }
  function arrayOf(c) { return isArrayLike(c) ? slice(c, 0, c.length) : values(c); }
  // ---- functions ---------------------------------------------------------------

  var FUNC_ERROR = 'Expected a function';
  function needFn(f) { if (typeof f !== 'function') throw new TypeError(FUNC_ERROR); }
  // The placeholder of bind, bindKey, curry, curryRight, partial and partialRight is `_`.
  var PH = {};
  function isPH(v) { return v === PH.lodash; }
  // Fills the placeholders of held with args, then appends the rest of args.
  // callOrNew calls f as a bound, partial or curried function was called:
  // with new it constructs f (the bound this does not count, as in lodash).
  function callOrNew(f, self, args, newTarget) {
    return newTarget ? Reflect.construct(f, args) : f.apply(self, args);
  }
  function composeLeft(args, held, curried) {
    var out = held.slice(), a = 0;
    for (var i = 0; i < out.length; i++) {
      if (isPH(out[i]) && (!curried || a < args.length)) out[i] = args[a++];
    }
    for (; a < args.length; a++) out.push(args[a]);
    return out;
  }
  // args first (as many as are not needed for held's placeholders), then held with its placeholders filled.
  function composeRight(args, held, curried) {
    var holes = [], i;
    for (i = 0; i < held.length; i++) if (isPH(held[i])) holes.push(i);
    var lead = mathMax(args.length - holes.length, 0), out = [], a;
    for (a = 0; a < lead; a++) out.push(args[a]);
    var off = out.length;
    for (i = 0; i < held.length; i++) out.push(held[i]);
    for (i = 0; i < holes.length; i++) if (!curried || a < args.length) out[off + holes[i]] = args[a++];
    return out;
  }
  function curryWith(right) {
    return (f, arity, guard) => {
      needFn(f);
      arity = guard ? undefined : arity;
      arity = arity === undefined ? f.length : mathMax(toInteger(arity), 0);
      var meta = right ? undefined : wrapMeta.get(f);
      if (meta && meta.step !== 2) meta = undefined;
      function make(held) {
        var c = function () {
          var args = argsFrom(arguments, 0);
          var all = held ? (right ? composeRight(args, held, true) : composeLeft(args, held, true)) : args;
          var n = 0;
          for (var i = 0; i < all.length; i++) if (!isPH(all[i])) n++;
          if (n < arity) return make(all);
          return callOrNew(f, this, all, new.target);
        };
        if (meta) {
          var k = 0, holes = false;
          if (held) for (var i = 0; i < held.length; i++) if (isPH(held[i])) holes = true; else k++;
          if (!holes) wrapMeta.set(c, { func: meta.func, step: 3, partials: held || [], arity: arity - k });
        }
        return c;
      }
      var curried = make(null);
      curried.placeholder = PH.lodash;
      return curried;
    };
  }
  var curry = curryWith(false), curryRight = curryWith(true);
  // lodash's caches (Hash, ListCache, MapCache, Stack): memoize's default
  // cache, and the stack the *With customizers get as their last argument.
  var HASH_UNDEFINED = '__lodash_hash_undefined__', LARGE_ARRAY_SIZE = 200;
  function initCache(cache, entries) {
    cache.clear();
    var n = entries == null ? 0 : entries.length;
    for (var i = 0; i < n; i++) cache.set(entries[i][0], entries[i][1]);
  }
  class Hash {
    constructor(entries) { initCache(this, entries); }
    clear() { this.__data__ = Object.create(null); this.size = 0; }
    delete(key) {
      var r = this.has(key) && delete this.__data__[key];
      this.size -= r ? 1 : 0;
      return r;
    }
    get(key) {
      var r = this.__data__[key];
      return r === HASH_UNDEFINED ? undefined : r;
    }
    has(key) { return hasOwnProp.call(this.__data__, key); }
    set(key, value) {
      this.size += this.has(key) ? 0 : 1;
      this.__data__[key] = value === undefined ? HASH_UNDEFINED : value;
      return this;
    }
  }
  function isKeyable(v) {
    var t = typeof v;
    return (t === 'string' || t === 'number' || t === 'symbol' || t === 'boolean') ? v !== '__proto__' : v === null;
  }
  function mapData(cache, key) {
    var d = cache.__data__;
    return isKeyable(key) ? d[typeof key === 'string' ? 'string' : 'hash'] : d.map;
  }
  class MapCache {
    constructor(entries) { initCache(this, entries); }
    clear() {
      this.size = 0;
      this.__data__ = { hash: new Hash(), map: new Map(), string: new Hash() };
    }
    delete(key) {
      var r = mapData(this, key)['delete'](key);
      this.size -= r ? 1 : 0;
      return r;
    }
    get(key) { return mapData(this, key).get(key); }
    has(key) { return mapData(this, key).has(key); }
    set(key, value) {
      var data = mapData(this, key), size = data.size;
      data.set(key, value);
      this.size += data.size === size ? 0 : 1;
      return this;
    }
  }
  // Stack is a Map (the equality, clone and merge walks' seen objects) that
  // customizers get as their last argument, as lodash's Stack.
  class Stack extends Map {
    constructor(entries) { super(entries); }
    get __data__() { return this; }
  }
  [Hash, MapCache, Stack].forEach(function (C) {
    var p = C.prototype, ks = Object.getOwnPropertyNames(p);
    for (var i = 0; i < ks.length; i++) {
      var d = getOwnPropDesc(p, ks[i]);
      if (d.value) freeze(d.value);
      if (d.get) freeze(d.get);
    }
    freeze(p); freeze(C);
  });
  memoize.Cache = MapCache;
  // No timers run in a hook: a run ends before any would fire. delay and defer
  // return a timer id and never call func; debounce and throttle call func on
  // the leading edge and from flush(), never on a trailing timer.
  var timerIds = 0;
  // lodash's debounce with a timer that never fires: in a synchronous run none would.

  // ---- utilities ------------------------------------------------------------------

  // flow's shortcut fusion, as lodash's: when one of the functions is a
  // lodash method made point-free by curry(rearg(ary(method, 2), 1, 0), 2)
  // (lodash/fp's recipe), the functions become one explicit chain (that
  // method with its curried arguments, a laziable lodash method of one
  // parameter as itself, any other function through thru), run lazily for
  // a single array argument. wrapMeta records what ary, rearg and curry
  // made: func and the step (1 ary, 2 rearg, 3 curry with its partials and
  // the arity left).
  var wrapMeta = new WeakMap();
  var laziableNames = {
    filter: 1, map: 1, takeWhile: 1, reject: 1, compact: 1, find: 1, findLast: 1, invokeMap: 1, slice: 1,
    takeRightWhile: 1, toArray: 1, drop: 1, take: 1, dropRight: 1, takeRight: 1, head: 1, first: 1, last: 1,
    initial: 1, tail: 1, reverse: 1
  };
  function isLaziable(f) {
    var name = typeof f === 'function' ? f.name : '';
    return laziableNames[name] === 1 && lodash[name] === f;
  }
  function flowChain(fs) {
    var fused = false, i, m;
    for (i = 0; i < fs.length; i++) if ((m = wrapMeta.get(fs[i])) && m.step === 3) fused = true;
    if (!fused) return null;
    var w = chain([]);
    for (i = 0; i < fs.length; i++) {
      var f = fs[i];
      m = wrapMeta.get(f);
      if (m && m.step === 3 && m.arity === 1 && m.partials.length) w = w[m.func.name].apply(w, m.partials);
      else w = (f.length === 1 && isLaziable(f)) ? w[f.name]() : w.thru(f);
    }
    return w;
  }
  function flowWith(right) {
    return function () {
      var fs = flattenTo([], argsFrom(arguments, 0), 1, isFlattenable, false);
      if (right) fs.reverse();
      for (var i = 0; i < fs.length; i++) needFn(fs[i]);
      var fusedChain = flowChain(fs);
      return function () {
        if (fusedChain && arguments.length === 1 && isArray(arguments[0])) return fusedChain.plant(arguments[0]).value();
        var n = fs.length, r = n ? fs[0].apply(this, arguments) : arguments[0];
        for (var j = 1; j < n; j++) r = fs[j].call(this, r);
        return r;
      };
    };
  }
  var flow = flowWith(false), flowRight = flowWith(true);
  function overWith(arrayFn) {
    return function () {
      var its = map(flattenTo([], argsFrom(arguments, 0), 1, isFlattenable, false), function (f) { return iteratee(f); });
      return function () {
        var that = this, args = arguments;
        return arrayFn(its, function (f) { return f.apply(that, args); });
      };
    };
  }
  var over = overWith(function (a, f) { return a.map(function (x) { return f(x); }); });
  var overEvery = overWith(function (a, f) { return a.every(function (x) { return f(x); }); });
  var overSome = overWith(function (a, f) { return a.some(function (x) { return f(x); }); });
  var idCounter = 0;
  // `_` is frozen in every runtime: mixin adds to another object only.

  // ---- more strings ----------------------------------------------------------------

  var htmlEscapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  var htmlUnescapes = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

  // ---- template ---------------------------------------------------------------------

  var reEscape = /<%-([\s\S]+?)%>/g, reEvaluate = /<%([\s\S]+?)%>/g, reInterpolate = /<%=([\s\S]+?)%>/g;
  var reEsTemplate = /\$\{([^\\}]*(?:\\.[^\\}]*)*)\}/g, reNoMatch = /($^)/;
  var reForbiddenVar = /[()=,{}\[\]\/\s]/;
  var templateSettings = { escape: reEscape, evaluate: reEvaluate, interpolate: reInterpolate, variable: '', imports: { _: undefined } };
  function escapeStringChar(c) {
    return '\\' + ({ '\\': '\\', "'": "'", '\n': 'n', '\r': 'r', '\u2028': 'u2028', '\u2029': 'u2029' })[c];
  }
  function templateDefaults(ov, sv, k, o) {
    return (ov === undefined || (eq(ov, objProto[k]) && !hasOwn(o, k))) ? sv : ov;
  }
  // Compiles with the Function constructor of the runtime it runs in: inside the
  // hook's sandbox, under the same limits.
  // ---- chaining -----------------------------------------------------------------------

  // _(value) wraps value; a wrapper records calls and runs them when value()
  // (or toJSON, valueOf, toString, iteration) asks. Methods that return other
  // than a collection end an implicit chain; _.chain(value) or .chain()
  // keeps every result wrapped until value().
  function Wrapper(value, actions, chainAll) {
    this.__wrapped__ = value;
    this.__actions__ = actions;
    this.__chain__ = chainAll;
  }
  function lodash(value) {
    if (value instanceof Wrapper) return value;
    return new Wrapper(value, [], false);
  }
  // Lazy evaluation, as lodash's LazyWrapper: a chain's value() reads its
  // actions as lodash's wrapper methods would have built them. A run of
  // filter, map, takeWhile, reject, take, drop, slice, reverse, ... over an
  // array whose iteratees take one argument runs element by element, calls
  // each iteratee with the value alone, and stops when the take (or find,
  // head, at) has what it needs (shortcut fusion). Where lodash's lazy
  // wrapper would drop an action (tail, initial or slice after a filter,
  // then take), the action runs eagerly instead: the plain answer.
  var LAZY_FILTER = 1, LAZY_MAP = 2, LAZY_WHILE = 3, BAIL = {};
  var lazyChecksIteratee = /^(?:filter|find|map|reject)|While$/;
  var lazyNames = {
    filter: 1, map: 1, takeWhile: 1, reject: 1, compact: 1, invokeMap: 1, slice: 1, takeRightWhile: 1,
    toArray: 1, drop: 1, take: 1, dropRight: 1, takeRight: 1, initial: 1, tail: 1
  };
  // src is a Lazy or a state: {w: a value or a Lazy, acts: eager actions after it}.
  // The Lazy objects live for one value() call: an operation changes the
  // one it is given (lodash's methods change a clone) unless it is the
  // source of another.
  function Lazy(src) {
    this.src = src; this.dir = 1; this.filtered = false; this.its = []; this.takeCount = MAX_ARRAY_LENGTH;
    this.views = []; this.acts = [];
  }
  function lazyReverse(l) {
    if (!l.filtered) { l.dir *= -1; return l; }
    var r = new Lazy(l);
    r.dir = -1; r.filtered = true;
    return r;
  }
  function lazyTake(l, name, n) {
    n = n === undefined ? 1 : mathMax(toInteger(n), 0);
    var r = (l.filtered && name === 'drop') ? new Lazy(l) : l;
    if (r.filtered) r.takeCount = mathMin(n, r.takeCount);
    else r.views.push({ size: mathMin(n, MAX_ARRAY_LENGTH), type: name + (r.dir < 0 ? 'Right' : '') });
    return r;
  }
  function lazyTakeRight(l, name, n) { return lazyReverse(lazyTake(lazyReverse(l), name, n)); }
  function lazyIter(l, type, f) {
    l.its.push({ f: iteratee(f), type: type });
    l.filtered = l.filtered || type !== LAZY_MAP;
    return l;
  }
  function lazySlice(l, start, end) {
    start = toInteger(start);
    var r = l;
    if (r.filtered && (start > 0 || end < 0)) return BAIL;
    if (start < 0) r = lazyTakeRight(r, 'take', -start);
    else if (start) r = lazyTake(r, 'drop', start);
    if (end !== undefined) {
      end = toInteger(end);
      r = end < 0 ? lazyTakeRight(r, 'drop', -end) : lazyTake(r, 'take', end - start);
    }
    return r;
  }
  function lazyHead(l) { return lazyValue(lazyTake(l, 'take', 1))[0]; }
  function lazyFind(l, p) { return lazyHead(lazyIter(l, LAZY_FILTER, p)); }
  // lazyOp applies the lazy form of the method name to l, or returns BAIL.
  function lazyOp(l, name, args) {
    var p = args[0];
    switch (name) {
      case 'filter': return lazyIter(l, LAZY_FILTER, p);
      case 'map': return lazyIter(l, LAZY_MAP, p);
      case 'takeWhile': return lazyIter(l, LAZY_WHILE, p);
      case 'reject': return lazyIter(l, LAZY_FILTER, negate(iteratee(p)));
      case 'compact': return lazyIter(l, LAZY_FILTER, identity);
      case 'takeRightWhile': return lazyReverse(lazyIter(lazyReverse(l), LAZY_WHILE, p));
      case 'drop': case 'take': return lazyTake(l, name, p);
      case 'dropRight': return lazyTakeRight(l, 'drop', p);
      case 'takeRight': return lazyTakeRight(l, 'take', p);
      case 'initial': return l.filtered ? BAIL : lazyTakeRight(l, 'drop', 1);
      case 'tail': return l.filtered ? BAIL : lazyTake(l, 'drop', 1);
      case 'slice': return lazySlice(l, p, args[1]);
      case 'toArray': return lazyTake(l, 'take', MAX_ARRAY_LENGTH);
      case 'invokeMap':
        if (typeof p === 'function') return BAIL;
        var rest = argsFrom(args, 1);
        return lazyIter(l, LAZY_MAP, function (v) { return invoke.apply(undefined, [v, p].concat(rest)); });
      case 'find': return lazyFind(l, p);
      case 'findLast': return lazyFind(lazyReverse(l), p);
      case 'head': case 'first': return lazyHead(l);
      case 'last': return lazyValue(lazyTakeRight(l, 'take', 1))[0];
    }
    return BAIL;
  }
  function srcValue(src) { return src instanceof Lazy ? lazyValue(src) : stateValue(src); }
  function applyActs(v, acts) {
    for (var i = 0; i < acts.length; i++) {
      var a = acts[i];
      v = a.fn.apply(a.self, [v].concat(a.args));
      if (v instanceof Wrapper) v = v.value();
    }
    return v;
  }
  function stateValue(st) { return applyActs(st.w instanceof Lazy ? lazyValue(st.w) : st.w, st.acts); }
  function lazyValue(l) {
    var array = srcValue(l.src), dir = l.dir, isArr = isArray(array), isRight = dir < 0,
      arrLength = isArr ? array.length : 0, start = 0, end = arrLength;
    for (var v = 0; v < l.views.length; v++) {
      var size = l.views[v].size;
      switch (l.views[v].type) {
        case 'drop': start += size; break;
        case 'dropRight': end -= size; break;
        case 'take': end = mathMin(end, start + size); break;
        case 'takeRight': start = mathMax(start, end - size); break;
      }
    }
    var length = end - start, index = isRight ? end : (start - 1), its = l.its, n = its.length, out = [],
      takeCount = mathMin(length, l.takeCount);
    if (!isArr || (!isRight && arrLength == length && takeCount == length)) return applyActs(array, l.acts);
    outer: while (length-- > 0 && out.length < takeCount) {
      index += dir;
      var value = array[index];
      for (var j = 0; j < n; j++) {
        var it = its[j], computed = it.f(value);
        if (it.type === LAZY_MAP) value = computed;
        else if (!computed) {
          if (it.type === LAZY_FILTER) continue outer;
          break outer;
        }
      }
      out.push(value);
    }
    return out;
  }
  // lazyState reads a wrapper's actions as lodash's methods build its
  // wrappers: the state its value() evaluates.
  function lazyState(w) {
    var st = { w: w.__wrapped__, acts: [] }, acts = w.__actions__;
    for (var i = 0; i < acts.length; i++) {
      var a = acts[i], name = a.name, r;
      if (name === 'reverse' && a.fn === reverse) {
        if (st.w instanceof Lazy) {
          r = lazyReverse(st.acts.length ? new Lazy(st) : st.w);
          r.acts.push(a);
          st = { w: r, acts: [] };
        } else st.acts.push(a);
        continue;
      }
      if (name === 'at' && a.paths) {
        var np = a.paths.length, first = np ? a.paths[0] : 0;
        r = (np > 1 || st.acts.length || !(st.w instanceof Lazy) || !isIndex(first)) ? BAIL :
          lazySlice(st.w, first, +first + (np ? 1 : 0));
        if (r === BAIL) { st.acts.push(a); continue; }
        r.acts.push(a);
        st = { w: r, acts: [{ fn: padAt, args: [np], self: undefined }] };
        continue;
      }
      if (!lazyNames[name] || a.self !== lodash) { st.acts.push(a); continue; }
      var isLazy = st.w instanceof Lazy, useLazy = isLazy || isArray(st.w), p = a.args[0];
      if (useLazy && lazyChecksIteratee.test(name) && typeof p === 'function' && p.length !== 1) isLazy = useLazy = false;
      if (!useLazy) { st.acts.push(a); continue; }
      var onlyLazy = isLazy && !st.acts.length, base = onlyLazy ? st.w : new Lazy(st);
      r = lazyOp(base, name, a.args);
      if (r === BAIL) { st.acts.push(a); continue; }
      r.acts.push(a);
      if (onlyLazy) st.w = r; else st = { w: r, acts: [] };
    }
    return st;
  }
  function padAt(arr, np) { if (np && !arr.length) arr.push(undefined); return arr; }
  // lazyUnwrapped is find, findLast, head or last at the end of an implicit
  // chain: lazily where lodash's is, else undefined with done false.
  function lazyUnwrapped(w, name, args) {
    var st = lazyState(w), p = args[0];
    if (!(st.w instanceof Lazy) || st.acts.length) return BAIL;
    if (lazyChecksIteratee.test(name) && typeof p === 'function' && p.length !== 1) return BAIL;
    return lazyOp(st.w, name, args);
  }
  // Without an action that limits or reverses (a view), lodash's lazy value
  // runs the actions eagerly: so does wrapperValue, without building the
  // lazy wrappers.
  var lazyViews = { take: 1, drop: 1, takeRight: 1, dropRight: 1, slice: 1, initial: 1, tail: 1, reverse: 1, at: 1, takeRightWhile: 1 };
  function wrapperValue() {
    var acts = this.__actions__;
    for (var i = 0; i < acts.length; i++) if (lazyViews[acts[i].name] === 1) return stateValue(lazyState(this));
    return applyActs(this.__wrapped__, acts);
  }
  function addAction(w, name, fn, args, self) {
    return new Wrapper(w.__wrapped__, w.__actions__.concat([{ name: name, fn: fn, args: args, self: self }]), w.__chain__);
  }

  // The wrapper's methods: the fixed ones on a frozen object, and one per
  // function of `_`, made on first use by a Proxy in front of it (making all
  // of them with every runtime would double what installing `_` costs).
  function wrapperMethods(lib) {
    var fixed = Wrapper.prototype, unwrap = null, made = new Map(), i;
    // chain() makes this wrapper an explicit chain and returns it, as lodash's.
    fixed.chain = function () { this.__chain__ = true; return this; };
    fixed.value = fixed.valueOf = fixed.toJSON = wrapperValue;
    fixed.toString = function () {
      return this.__chain__ ? addAction(this, 'toString', toStr, [], undefined) : toStr(this.value());
    };
    fixed.commit = function () { return new Wrapper(this.value(), [], this.__chain__); };
    fixed.plant = function (value) { return new Wrapper(value, this.__actions__, this.__chain__); };
    fixed.reverse = function () { return addAction(this, 'reverse', reverse, [], undefined); };
    fixed.at = function () {
      var paths = restFlat(arguments, 0), w = addAction(this, 'at', function (o) { return at(o, paths); }, [], undefined);
      w.__actions__[w.__actions__.length - 1].paths = paths;
      return w;
    };
    fixed.next = function () {
      if (this.__values__ === undefined) { this.__values__ = toArray(this.value()); this.__index__ = 0; }
      var done = this.__index__ >= this.__values__.length;
      return { done: done, value: done ? undefined : this.__values__[this.__index__++] };
    };
    fixed[Symbol.iterator] = function () { return this; };
    var names = objectKeys(fixed);
    names.push(Symbol.iterator);
    for (i = 0; i < names.length; i++) { freeze(fixed[names[i]].prototype); freeze(fixed[names[i]]); }
    fixed.constructor = lodash;
    freeze(fixed);
    function arrayMethod(name) {
      // push, sort and unshift change the array in place and chain it; pop and shift end the chain.
      var m = Array.prototype[name], unwrapped = name === 'pop' || name === 'shift', keep = name !== 'splice' && !unwrapped;
      // Chains keep fn in their actions, where a script can reach it: frozen.
      var fn = function (v) {
        var r = m.apply(isArray(v) ? v : [], argsFrom(arguments, 1));
        return keep ? v : r;
      };
      freeze(fn.prototype); freeze(fn);
      return function () {
        var args = argsFrom(arguments, 0);
        if (unwrapped && !this.__chain__) return fn.apply(undefined, [this.value()].concat(args));
        return addAction(this, name, fn, args, undefined);
      };
    }
    function libMethod(name) {
      var fn = lib[name];
      if (typeof fn !== 'function' || name === 'chain' || name === '_' || !hasOwn(lib, name)) return undefined;
      if (!unwrap) {
        // Methods that end an implicit chain (_(x).sum() is a number), as real lodash has them.
        unwrap = new Set((
          'add attempt camelCase capitalize ceil clamp clone cloneDeep cloneDeepWith cloneWith conformsTo deburr ' +
          'defaultTo divide endsWith eq escape escapeRegExp every find findIndex findKey findLast findLastIndex ' +
          'findLastKey floor forEach forEachRight forIn forInRight forOwn forOwnRight get gt gte has hasIn head ' +
          'identity includes indexOf inRange invoke isArguments isArray isArrayBuffer isArrayLike isArrayLikeObject ' +
          'isBoolean isBuffer isDate isElement isEmpty isEqual isEqualWith isError isFinite isFunction isInteger ' +
          'isLength isMap isMatch isMatchWith isNaN isNative isNil isNull isNumber isObject isObjectLike ' +
          'isPlainObject isRegExp isSafeInteger isSet isString isSymbol isTypedArray isUndefined isWeakMap isWeakSet ' +
          'join kebabCase last lastIndexOf lowerCase lowerFirst lt lte max maxBy mean meanBy min minBy stubArray ' +
          'stubFalse stubObject stubString stubTrue multiply nth noConflict noop now pad padEnd padStart parseInt ' +
          'random reduce reduceRight repeat replace result round runInContext sample size snakeCase some sortedIndex ' +
          'sortedIndexBy sortedIndexOf sortedLastIndex sortedLastIndexBy sortedLastIndexOf startCase startsWith ' +
          'subtract sum sumBy template times toFinite toInteger toLength toLower toNumber toSafeInteger toString ' +
          'toUpper trim trimEnd trimStart truncate unescape uniqueId upperCase upperFirst each eachRight first').split(' '));
      }
      if (name === 'head' || name === 'first') {
        // As in lodash, head ends an implicit chain as take(1) would: lazily.
        return function () {
          if (this.__chain__) return addAction(this, name, fn, argsFrom(arguments, 0), lib);
          return addAction(this, 'take', lib.take, [1], lib).value()[0];
        };
      }
      return unwrap.has(name) ? function () {
        var args = argsFrom(arguments, 0);
        if (this.__chain__) return addAction(this, name, fn, args, lib);
        if (name === 'find' || name === 'findLast' || name === 'last') {
          var r = lazyUnwrapped(this, name, args);
          if (r !== BAIL) return r;
        }
        return fn.apply(lib, [this.value()].concat(args));
      } : function () { return addAction(this, name, fn, argsFrom(arguments, 0), lib); };
    }
    function protoMethod(k) {
      var m = made.get(k);
      if (m === undefined) {
        m = /^(?:pop|push|shift|sort|splice|unshift)$/.test(k) ? arrayMethod(k) : libMethod(k);
        if (m) { freeze(m.prototype); freeze(m); }
        made.set(k, m || null);
      }
      return m || undefined;
    }
    var handler = {
      get: function (t, k, r) {
        if (typeof k !== 'string' || hasOwn(t, k)) return t[k];
        var m = protoMethod(k);
        return m === undefined ? t[k] : m;
      },
      has: function (t, k) { return k in t || (typeof k === 'string' && protoMethod(k) !== undefined); }
    };
    freeze(handler.get); freeze(handler.has); freeze(handler);
    var proto = new Proxy(fixed, handler);
    Wrapper.prototype = proto;
    lodash.prototype = proto;
  }


  // ---- export ---------------------------------------------------------------

  // objects
  lodash.get = get; lodash.set = set; lodash.has = has; lodash.hasIn = hasIn; lodash.unset = unset;
  lodash.pick = native ? native.pick(pick, pickKey, hasSetter) : pick; lodash.pickBy = pickBy;
  lodash.omit = omit;
  lodash.omitBy = omitBy; lodash.keys = keys; lodash.keysIn = keysIn; lodash.values = values;
  lodash.entries = toPairs; lodash.toPairs = toPairs;
  lodash.fromPairs = fromPairs; lodash.mapValues = mapValues; lodash.mapKeys = mapKeys; lodash.merge = merge;
  lodash.assign = assign;
  lodash.defaults = defaults; lodash.cloneDeep = cloneDeep; lodash.toPath = toPath;
  // predicates
  lodash.isEqual = isEqual; lodash.isMatch = isMatch; lodash.isEmpty = isEmpty; lodash.isNil = isNil;
  lodash.isNull = isNull;
  lodash.isUndefined = isUndefined; lodash.isArray = isArray; lodash.isObject = isObject;
  lodash.isObjectLike = isObjectLike;
  lodash.isPlainObject = isPlainObject; lodash.isString = isString; lodash.isNumber = isNumber;
  lodash.isBoolean = isBoolean;
  lodash.isFunction = isFunction; lodash.isArrayLike = isArrayLike;
  // collections
  lodash.map = map; lodash.filter = filter; lodash.reject = reject; lodash.find = find;
  lodash.findLast = findLast; lodash.some = some;
  lodash.every = every; lodash.reduce = reduce; lodash.forEach = forEach; lodash.each = forEach;
  lodash.groupBy = groupBy; lodash.keyBy = keyBy;
  lodash.countBy = countBy; lodash.partition = partition; lodash.sortBy = sortBy; lodash.orderBy = orderBy;
  lodash.includes = includes;
  lodash.size = size;
  // arrays
  lodash.findIndex = findIndex; lodash.findLastIndex = findLastIndex; lodash.uniq = uniq;
  lodash.uniqBy = uniqBy; lodash.flatten = flatten;
  lodash.flattenDeep = flattenDeep; lodash.flatMap = flatMap; lodash.compact = compact; lodash.chunk = chunk;
  lodash.take = take;
  lodash.takeRight = takeRight; lodash.drop = drop; lodash.head = head; lodash.first = head;
  lodash.last = last; lodash.nth = nth;
  lodash.difference = difference; lodash.intersection = intersection; lodash.union = union;
  lodash.without = without; lodash.zip = zip;
  // math
  lodash.sum = sum; lodash.sumBy = sumBy; lodash.max = max; lodash.maxBy = maxBy; lodash.min = min;
  lodash.minBy = minBy; lodash.mean = mean;
  lodash.meanBy = meanBy; lodash.range = range; lodash.times = times; lodash.clamp = clamp;
  // strings
  lodash.camelCase = camelCase; lodash.snakeCase = snakeCase; lodash.kebabCase = kebabCase;
  lodash.startCase = startCase;
  lodash.lowerCase = lowerCase; lodash.upperCase = upperCase; lodash.capitalize = capitalize;
  lodash.upperFirst = upperFirst;
  lodash.lowerFirst = lowerFirst; lodash.words = words; lodash.deburr = deburr; lodash.trim = trim;
  lodash.trimStart = trimStart;
  lodash.trimEnd = trimEnd; lodash.toLower = toLower; lodash.toUpper = toUpper;
  lodash.startsWith = startsWith; lodash.endsWith = endsWith;
  lodash.pad = pad; lodash.padStart = padStart; lodash.padEnd = padEnd; lodash.truncate = truncate;
  lodash.split = split; lodash.join = join;
  lodash.replace = replace;
  // utilities
  lodash.toString = toStr; lodash.toNumber = toNumber; lodash.toInteger = toInteger;
  lodash.toFinite = toFinite;
  lodash.castArray = castArray; lodash.noop = noop; lodash.identity = identity; lodash.iteratee = publicMatchers.iteratee;
  lodash.property = property;
  lodash.matches = publicMatchers.matches; lodash.matchesProperty = publicMatchers.matchesProperty;
  // math and numbers
  lodash.add = add; lodash.subtract = subtract; lodash.multiply = multiply; lodash.divide = divide;
  lodash.ceil = ceil; lodash.floor = floor; lodash.round = round;
  lodash.inRange = inRange; lodash.random = random; lodash.gt = gtFn; lodash.gte = gteFn; lodash.lt = ltFn;
  lodash.lte = lteFn; lodash.eq = eq; lodash.toLength = toLength;
  lodash.toSafeInteger = toSafeInteger; lodash.parseInt = lodashParseInt; lodash.rangeRight = rangeRight;
  // lang
  lodash.isArguments = isArguments; lodash.isArrayBuffer = isArrayBuffer;
  lodash.isArrayLikeObject = isArrayLikeObject;
  lodash.isBuffer = isBuffer; lodash.isDate = isDate; lodash.isElement = isElement;
  lodash.isEqualWith = isEqualWith; lodash.isError = isError;
  lodash.isFinite = isFiniteNum; lodash.isInteger = isInteger; lodash.isLength = isLength;
  lodash.isMap = isMap; lodash.isMatchWith = isMatchWithFn;
  lodash.isNaN = isNaNFn; lodash.isNative = isNative; lodash.isRegExp = isRegExp;
  lodash.isSafeInteger = isSafeInteger; lodash.isSet = isSet;
  lodash.isSymbol = isSymbol; lodash.isTypedArray = isTypedArray; lodash.isWeakMap = isWeakMap;
  lodash.isWeakSet = isWeakSet;
  lodash.toArray = toArray; lodash.toPlainObject = toPlainObject; lodash.clone = clone;
  lodash.cloneWith = cloneWith;
  lodash.cloneDeepWith = cloneDeepWith; lodash.conformsTo = conformsTo; lodash.conforms = conforms;
  // objects
  lodash.assignIn = assignIn; lodash.extend = assignIn; lodash.assignInWith = assignInWith;
  lodash.extendWith = assignInWith;
  lodash.assignWith = assignWith; lodash.mergeWith = mergeWith; lodash.defaultsDeep = defaultsDeep;
  lodash.at = at; lodash.create = create;
  lodash.valuesIn = valuesIn; lodash.toPairsIn = toPairsIn; lodash.entriesIn = toPairsIn;
  lodash.findKey = findKey; lodash.findLastKey = findLastKey;
  lodash.forIn = forIn; lodash.forInRight = forInRight; lodash.forOwn = forOwn;
  lodash.forOwnRight = forOwnRight; lodash.functions = functions;
  lodash.functionsIn = functionsIn; lodash.invert = invert; lodash.invertBy = invertBy;
  lodash.invoke = invoke; lodash.result = result;
  lodash.setWith = setWith; lodash.update = update; lodash.updateWith = updateWith;
  lodash.transform = transform;
  // arrays
  lodash.differenceBy = differenceBy; lodash.differenceWith = differenceWith;
  lodash.intersectionBy = intersectionBy;
  lodash.intersectionWith = intersectionWith; lodash.uniqWith = uniqWith; lodash.unionBy = unionBy;
  lodash.unionWith = unionWith; lodash.xor = xor;
  lodash.xorBy = xorBy; lodash.xorWith = xorWith; lodash.pull = pull; lodash.pullAll = pullAll;
  lodash.pullAllBy = pullAllBy;
  lodash.pullAllWith = pullAllWith; lodash.pullAt = pullAt; lodash.remove = remove; lodash.fill = fill;
  lodash.concat = concat; lodash.dropRight = dropRight;
  lodash.dropWhile = dropWhile; lodash.dropRightWhile = dropRightWhile; lodash.takeWhile = takeWhile;
  lodash.takeRightWhile = takeRightWhile;
  lodash.flatMapDeep = flatMapDeep; lodash.flatMapDepth = flatMapDepth; lodash.flattenDepth = flattenDepth;
  lodash.indexOf = indexOf;
  lodash.lastIndexOf = lastIndexOf; lodash.initial = initial; lodash.tail = tail; lodash.reverse = reverse;
  lodash.slice = lodashSlice;
  lodash.sortedIndex = sortedIndex; lodash.sortedLastIndex = sortedLastIndex;
  lodash.sortedIndexBy = sortedIndexBy;
  lodash.sortedLastIndexBy = sortedLastIndexBy; lodash.sortedIndexOf = sortedIndexOf;
  lodash.sortedLastIndexOf = sortedLastIndexOf;
  lodash.sortedUniq = sortedUniq; lodash.sortedUniqBy = sortedUniqBy; lodash.unzip = unzip;
  lodash.unzipWith = unzipWith; lodash.zipWith = zipWith;
  lodash.zipObject = zipObject; lodash.zipObjectDeep = zipObjectDeep;
  // collections
  lodash.forEachRight = forEachRight; lodash.eachRight = forEachRight; lodash.reduceRight = reduceRight;
  lodash.invokeMap = invokeMap;
  lodash.sample = sample; lodash.sampleSize = sampleSize; lodash.shuffle = shuffle;
  // functions
  lodash.after = after; lodash.before = before; lodash.ary = ary; lodash.unary = unary; lodash.bind = bind;
  lodash.bindKey = bindKey; lodash.bindAll = bindAll;
  lodash.curry = curry; lodash.curryRight = curryRight; lodash.partial = partial;
  lodash.partialRight = partialRight; lodash.flip = flip;
  lodash.memoize = memoize; lodash.negate = negate; lodash.once = once; lodash.overArgs = overArgs;
  lodash.rearg = rearg; lodash.rest = rest; lodash.spread = spread;
  lodash.wrap = wrap; lodash.delay = delay; lodash.defer = defer; lodash.debounce = debounce;
  lodash.throttle = throttle;
  // utilities
  lodash.attempt = attempt; lodash.cond = cond; lodash.constant = constant; lodash.defaultTo = defaultTo;
  lodash.flow = flow; lodash.flowRight = flowRight;
  lodash.method = method; lodash.methodOf = methodOf; lodash.nthArg = nthArg; lodash.over = over;
  lodash.overEvery = overEvery; lodash.overSome = overSome;
  lodash.propertyOf = propertyOf; lodash.stubArray = stubArray; lodash.stubFalse = stubFalse;
  lodash.stubObject = stubObject;
  lodash.stubString = stubString; lodash.stubTrue = stubTrue; lodash.uniqueId = uniqueId; lodash.now = now;
  lodash.mixin = mixin;
  lodash.noConflict = noConflict; lodash.runInContext = runInContext;
  // strings
  lodash.escape = escape; lodash.unescape = unescape; lodash.escapeRegExp = escapeRegExp;
  lodash.repeat = repeat; lodash.template = template;
  // chaining
  lodash.chain = chain; lodash.tap = tap; lodash.thru = thru;

  var names = objectKeys(lodash), i;
  lodash._ = lodash;
  lodash.VERSION = '4.18.1';
  PH.lodash = lodash;
  bind.placeholder = bindKey.placeholder = curry.placeholder = curryRight.placeholder = lodash;
  partial.placeholder = partialRight.placeholder = lodash;
  templateSettings.imports._ = lodash;
  freeze(templateSettings.imports);
  freeze(reEscape); freeze(reEvaluate); freeze(reInterpolate);
  freeze(templateSettings);
  lodash.templateSettings = templateSettings;
  wrapperMethods(lodash);
  for (i = 0; i < names.length; i++) {
    var f = lodash[names[i]];
    if (typeof f === 'function') {
      if (f.prototype) freeze(f.prototype);
      freeze(f);
    }
  }
  freeze(Wrapper);
  freeze(lodash);
  // The global binding is a read-only accessor. Everything reachable from `_`
  // is frozen above, so a walk that freezes what globals reach (yqcloud's
  // lockdown) need not go through its 300 functions again in every runtime.
  var getLodash = freeze(getOwnPropDesc({ get _() { return lodash; } }, '_').get);
  defineProp(global, '_', { get: getLodash, enumerable: false, configurable: false });
})(typeof globalThis !== 'undefined' ? globalThis : this);
