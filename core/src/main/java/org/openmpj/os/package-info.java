/** The C library's calls that Java does not offer, bound through the foreign-function API: futexes and process watching. */
package org.openmpj.os;
