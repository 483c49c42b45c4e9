/*  listing.pl -- library(listing), as SWI-Prolog programs load it.
    listing/0,1 and portray_clause/1,2 are built into puzzlog, so the
    module has nothing to export.
*/

:- module(listing, []).
