/// <reference path="../../shared/src/css.d.ts" />
