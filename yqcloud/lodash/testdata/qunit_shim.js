// A small QUnit 2 for running lodash's test/test.js in goja (suite_test.go).
// It registers tests as test.js defines them and runs one at a time when the
// Go side calls __qunitRun(i). deepEqual is QUnit 2.4's equiv (MIT,
// qunitjs/qunit src/equiv.js), trimmed to what the suite needs. Timers are
// a queue the runner drains after a test's body, waiting with __sleep.
(function (root) {
  'use strict';
  var tests = [], currentModule = '', seq = 0, timers = [];

  function objectType(obj) {
    if (typeof obj === 'undefined') return 'undefined';
    if (obj === null) return 'null';
    var match = Object.prototype.toString.call(obj).match(/^\[object\s(.*)\]$/),
        type = match && match[1];
    switch (type) {
      case 'Number':
        if (isNaN(obj)) return 'nan';
        return 'number';
      case 'String': case 'Boolean': case 'Array': case 'Set': case 'Map':
      case 'Date': case 'RegExp': case 'Function': case 'Symbol':
        return type.toLowerCase();
      default:
        return typeof obj;
    }
  }

  var equiv = (function () {
    var pairs = [];
    function useStrictEquality(a, b) {
      if (typeof a === 'object') a = a.valueOf();
      if (typeof b === 'object') b = b.valueOf();
      return a === b;
    }
    function compareConstructors(a, b) {
      var protoA = Object.getPrototypeOf(a), protoB = Object.getPrototypeOf(b);
      if (a.constructor === b.constructor) return true;
      if (protoA && protoA.constructor === null) protoA = null;
      if (protoB && protoB.constructor === null) protoB = null;
      if ((protoA === null && protoB === Object.prototype) || (protoB === null && protoA === Object.prototype)) return true;
      return false;
    }
    function getRegExpFlags(regexp) {
      return 'flags' in regexp ? regexp.flags : regexp.toString().match(/[gimuy]*$/)[0];
    }
    function isContainer(val) {
      return ['object', 'array', 'map', 'set'].indexOf(objectType(val)) !== -1;
    }
    function breadthFirstCompareChild(a, b) {
      if (a === b) return true;
      if (!isContainer(a)) return typeEquiv(a, b);
      if (pairs.every(function (pair) { return pair.a !== a || pair.b !== b; })) pairs.push({ a: a, b: b });
      return true;
    }
    var callbacks = {
      'string': useStrictEquality, 'boolean': useStrictEquality, 'number': useStrictEquality,
      'null': useStrictEquality, 'undefined': useStrictEquality, 'symbol': useStrictEquality,
      'date': useStrictEquality,
      'nan': function () { return true; },
      'regexp': function (a, b) { return a.source === b.source && getRegExpFlags(a) === getRegExpFlags(b); },
      'function': function () { return false; },
      'array': function (a, b) {
        var len = a.length;
        if (len !== b.length) return false;
        for (var i = 0; i < len; i++) {
          var x = a[i], y = b[i];
          if (x !== y && !breadthFirstCompareChild(x, y)) return false;
        }
        return true;
      },
      'set': function (a, b) {
        var outerEq = true;
        if (a.size !== b.size) return false;
        a.forEach(function (aVal) {
          if (!outerEq) return;
          var innerEq = false;
          b.forEach(function (bVal) {
            if (innerEq) return;
            var parentPairs = pairs;
            if (innerEquiv(bVal, aVal)) innerEq = true;
            pairs = parentPairs;
          });
          if (!innerEq) outerEq = false;
        });
        return outerEq;
      },
      'map': function (a, b) {
        var outerEq = true;
        if (a.size !== b.size) return false;
        a.forEach(function (aVal, aKey) {
          if (!outerEq) return;
          var innerEq = false;
          b.forEach(function (bVal, bKey) {
            if (innerEq) return;
            var parentPairs = pairs;
            if (innerEquiv([bVal, bKey], [aVal, aKey])) innerEq = true;
            pairs = parentPairs;
          });
          if (!innerEq) outerEq = false;
        });
        return outerEq;
      },
      'object': function (a, b) {
        var i, aProperties = [], bProperties = [];
        if (compareConstructors(a, b) === false) return false;
        for (i in a) {
          aProperties.push(i);
          if (a.constructor !== Object && typeof a.constructor !== 'undefined' &&
              typeof a[i] === 'function' && typeof b[i] === 'function' &&
              a[i].toString() === b[i].toString()) {
            continue;
          }
          if (!breadthFirstCompareChild(a[i], b[i])) return false;
        }
        for (i in b) bProperties.push(i);
        return typeEquiv(aProperties.sort(), bProperties.sort());
      }
    };
    function typeEquiv(a, b) {
      var type = objectType(a);
      return objectType(b) === type && callbacks[type](a, b);
    }
    function innerEquiv(a, b) {
      pairs = [{ a: a, b: b }];
      for (var i = 0; i < pairs.length; i++) {
        var pair = pairs[i];
        if (pair.a !== pair.b && !typeEquiv(pair.a, pair.b)) return false;
      }
      return true;
    }
    return function (a, b) {
      var result = innerEquiv(a, b);
      pairs.length = 0;
      return result;
    };
  }());

  function show(v) {
    try {
      if (typeof v === 'string') return JSON.stringify(v);
      if (typeof v === 'symbol') return v.toString();
      if (typeof v === 'function') return 'function ' + (v.name || '');
      if (v && typeof v === 'object') {
        var s = JSON.stringify(v);
        if (s !== undefined) return s.length > 200 ? s.slice(0, 200) + '…' : s;
      }
      return String(v);
    } catch (e) {
      return Object.prototype.toString.call(v);
    }
  }

  function Assert(test) { this._test = test; }
  Assert.prototype = {
    _push: function (pass, actual, expected, message, what) {
      var t = this._test;
      t.count++;
      if (!pass) {
        t.failures.push((message ? message + ': ' : '') + what + ' (actual ' + show(actual) +
          (arguments.length > 4 && expected !== undefined || what.indexOf('expected') >= 0 ? ', expected ' + show(expected) : '') + ')');
      }
    },
    expect: function (n) { this._test.expected = n; },
    ok: function (v, m) { this._push(!!v, v, true, m, 'ok'); },
    notOk: function (v, m) { this._push(!v, v, false, m, 'notOk'); },
    equal: function (a, e, m) { this._push(a == e, a, e, m, 'equal, expected'); },
    notEqual: function (a, e, m) { this._push(a != e, a, e, m, 'notEqual, expected'); },
    strictEqual: function (a, e, m) { this._push(a === e, a, e, m, 'strictEqual, expected'); },
    notStrictEqual: function (a, e, m) { this._push(a !== e, a, e, m, 'notStrictEqual, expected'); },
    deepEqual: function (a, e, m) { this._push(equiv(a, e), a, e, m, 'deepEqual, expected'); },
    notDeepEqual: function (a, e, m) { this._push(!equiv(a, e), a, e, m, 'notDeepEqual, expected'); },
    propEqual: function (a, e, m) { this._push(equiv(a, e), a, e, m, 'propEqual, expected'); },
    throws: function (block, expected, message) {
      if (typeof expected === 'string' && message === undefined) { message = expected; expected = undefined; }
      var actual, threw = false;
      try { block.call(undefined); } catch (e) { actual = e; threw = true; }
      var pass = threw;
      if (threw && expected !== undefined) {
        if (objectType(expected) === 'regexp') pass = expected.test(String(actual));
        else if (typeof expected === 'function' && expected.prototype !== undefined && actual instanceof expected) pass = true;
        else if (typeof expected === 'function') pass = expected.call({}, actual) === true;
        else if (typeof expected === 'object') pass = actual instanceof expected.constructor && actual.name === expected.name && actual.message === expected.message;
      }
      this._push(pass, threw ? actual : 'no exception', expected, message, 'throws');
    },
    async: function (n) {
      var t = this._test, calls = n === undefined ? 1 : n;
      t.pending++;
      return function () {
        if (calls <= 0) { t.failures.push('async callback called too often'); return; }
        if (--calls === 0) t.pending--;
      };
    }
  };
  Assert.prototype.raises = Assert.prototype.throws;

  var QUnit = {
    config: {},
    module: function (name) { currentModule = String(name); },
    test: function (name, fn) { tests.push({ module: currentModule, name: String(name), fn: fn }); },
    skip: function () {},
    only: function () { throw new Error('QUnit.only is not supported'); },
    todo: function () {},
    load: function () {}, start: function () {},
    done: function () {}, begin: function () {}, log: function () {},
    testDone: function () {}, moduleDone: function () {}, testStart: function () {}, moduleStart: function () {},
    equiv: equiv, objectType: objectType
  };

  root.QUnit = QUnit;
  root.ui = { buildPath: 'lodash.js', loaderPath: '', isModularize: false, isStrict: false, urlParams: {} };
  root.setTimeout = function (fn, wait) {
    var args = Array.prototype.slice.call(arguments, 2), id = ++seq;
    timers.push({ id: id, due: Date.now() + (+wait || 0), fn: fn, args: args });
    return id;
  };
  root.clearTimeout = function (id) {
    for (var i = 0; i < timers.length; i++) {
      if (timers[i].id === id) { timers.splice(i, 1); return; }
    }
  };

  var sleep = root.__sleep, maxTimers = 5000;
  delete root.__sleep;

  // __qunitCount and __qunitRun are the Go side's.
  root.__qunitCount = function () { return tests.length; };
  root.__qunitName = function (i) { return tests[i].module + ': ' + tests[i].name; };
  root.__qunitRun = function (i) {
    var t = tests[i], state = { count: 0, expected: undefined, failures: [], pending: 0 };
    timers.length = 0;
    var assert = new Assert(state);
    try {
      t.fn.call({}, assert);
    } catch (e) {
      state.failures.push('died: ' + (e && e.stack || e));
    }
    for (var fired = 0; state.pending > 0 && timers.length && fired < maxTimers; fired++) {
      var next = 0;
      for (var j = 1; j < timers.length; j++) {
        if (timers[j].due < timers[next].due) next = j;
      }
      var timer = timers.splice(next, 1)[0], wait = timer.due - Date.now();
      if (wait > 0) sleep(wait);
      try {
        timer.fn.apply(undefined, timer.args);
      } catch (e) {
        state.failures.push('died in a timer: ' + (e && e.stack || e));
      }
    }
    timers.length = 0;
    if (state.pending > 0) state.failures.push('async test did not finish (no timer left to fire)');
    if (state.expected !== undefined && state.expected !== state.count) {
      state.failures.push('expected ' + state.expected + ' assertions, got ' + state.count);
    } else if (state.expected === undefined && state.count === 0) {
      state.failures.push('no assertions');
    }
    return state.failures.join('\n');
  };
}(this));
