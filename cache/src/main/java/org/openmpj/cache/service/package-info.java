/** How MPJ-Cache moves files: the server, its single-flight reads, and the chunked relays that fan files out to clients. */
package org.openmpj.cache.service;
