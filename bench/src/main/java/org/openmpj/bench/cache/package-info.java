/** MPJ-Cache's benchmarks: warm fetches against ping-pong, and many clients against direct reads of a throttled store. */
package org.openmpj.bench.cache;
