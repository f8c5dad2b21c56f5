// Evaluates one corpus expression and encodes its value as JSON text.
// Shared by gen_golden.js (Node, real lodash) and lodash_test.go (goja, our _),
// so both sides encode identically. Values JSON cannot hold are marked:
// undefined {"$undefined":true}, NaN {"$nan":true}, ±Infinity {"$inf":±1},
// -0 {"$negzero":true}, functions, symbols, Map and Set; a throw is {"$throws":true}.
var __lodashCase = (function () {
  function replacer(key, v) {
    if (v === undefined) return { $undefined: true };
    if (typeof v === 'number') {
      if (v !== v) return { $nan: true };
      if (v === Infinity) return { $inf: 1 };
      if (v === -Infinity) return { $inf: -1 };
      if (v === 0 && 1 / v < 0) return { $negzero: true };
      return v;
    }
    if (typeof v === 'function') return { $function: true };
    if (typeof v === 'symbol') return { $symbol: String(v) };
    var tag = Object.prototype.toString.call(v);
    if (tag === '[object Map]') return { $map: Array.from(v) };
    if (tag === '[object Set]') return { $set: Array.from(v) };
    return v;
  }
  // A syntax error in expr is a corpus bug and propagates; a runtime throw is a result.
  return function (_, expr) {
    var fn = new Function('_', 'return (' + expr + '\n);');
    var value;
    try {
      value = fn(_);
    } catch (e) {
      return '{"$throws":true}';
    }
    return JSON.stringify(value, replacer);
  };
})();
if (typeof module !== 'undefined' && module.exports) module.exports = __lodashCase;
