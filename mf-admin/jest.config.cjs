module.exports = require('@city/shared/jest-preset')(__dirname);
