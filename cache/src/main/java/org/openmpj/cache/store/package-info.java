/** Where MPJ-Cache keeps files: the memory and disk tiers, their replacement policies and the backing store. */
package org.openmpj.cache.store;
