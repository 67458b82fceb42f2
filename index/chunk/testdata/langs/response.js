'use strict';
var mime = require('mime');
var res = Object.create(http.ServerResponse.prototype);

/**
 * Set status `code`.
 */
res.status = function status(code) {
  this.statusCode = code;
  return this;
};

res.links = (links) => {
  return this.set('Link', links);
};

Router.prototype.handle = function handle(req, res, out) {
  return out();
};

exports.parse = function (s) {
  return JSON.parse(s);
};

module.exports = function createApplication() {
  return {};
};

res.locals = {};
module.exports.res = res;

res.contentType =
res.type = function contentType(type) {
  return this.set('Content-Type', type);
};

var helpers = {
  escape: function (s) {
    return s;
  },
};

Foo.prototype = {
  bar: (x) => x,
};
